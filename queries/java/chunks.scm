; Chunk boundaries for java: to be written.
