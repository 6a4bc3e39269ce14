; Chunk boundaries for go: to be written.
