extends CanvasLayer

signal start_game


func show_message(text):
	$Message.text = text
	$Message.show()
	$MessageTimer.start()
	var tween = create_tween()
	tween.tween_property($Message, "modulate:a", 1.0, 0.3).from(0.0).set_trans(Tween.TRANS_SINE).set_ease(Tween.EASE_OUT)


func show_game_over():
	show_message("Game Over")
	await $MessageTimer.timeout
	$Message.text = "Dodge the\nCreeps!"
	$Message.show()
	await get_tree().create_timer(1.0).timeout
	$StartButton.show()


func update_score(score):
	$ScoreLabel.text = str(score)


func _ready():
	$StartButton.pressed.connect(_on_start_button_pressed)
	$MessageTimer.timeout.connect(_on_message_timer_timeout)
	$ScoreLabel.add_theme_color_override("font_color", Color.WHITE)


func _on_start_button_pressed():
	$StartButton.hide()
	start_game.emit()


func _on_message_timer_timeout():
	$Message.hide()
