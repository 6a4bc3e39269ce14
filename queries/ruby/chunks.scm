; Chunk boundaries for ruby: to be written.
