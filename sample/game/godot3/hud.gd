extends CanvasLayer

signal start_game


func show_message(text):
	$Message.text = text
	$Message.show()
	$MessageTimer.start()
	$Tween.interpolate_property($Message, "modulate:a", 0.0, 1.0, 0.3, Tween.TRANS_SINE, Tween.EASE_OUT)
	$Tween.start()


func show_game_over():
	show_message("Game Over")
	yield($MessageTimer, "timeout")
	$Message.text = "Dodge the\nCreeps!"
	$Message.show()
	yield(get_tree().create_timer(1), "timeout")
	$StartButton.show()


func update_score(score):
	$ScoreLabel.text = str(score)


func _ready():
	$StartButton.connect("pressed", self, "_on_StartButton_pressed")
	$MessageTimer.connect("timeout", self, "_on_MessageTimer_timeout")
	$ScoreLabel.add_color_override("font_color", Color.white)


func _on_StartButton_pressed():
	$StartButton.hide()
	emit_signal("start_game")


func _on_MessageTimer_timeout():
	$Message.hide()
