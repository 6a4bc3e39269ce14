// The paths a batch is about to write, recorded before the write and cleared after the files
// table says they are done. Found on open, it names exactly the half-written files.
import * as fs from 'node:fs';

export class Journal {
  constructor(private readonly file: string) {}

  begin(paths: string[]): void {
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(paths));
    fs.renameSync(tmp, this.file);
  }

  end(): void {
    fs.rmSync(this.file, { force: true });
  }

  pending(): string[] {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as string[];
    } catch {
      return [];
    }
  }
}
