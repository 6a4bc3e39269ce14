; Chunk boundaries for c: to be written.
