; Chunk boundaries for rust: to be written.
