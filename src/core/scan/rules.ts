// Built-in rules: what is never worth indexing (dependencies, builds, binaries, media, lockfiles)
// and what must never be indexed unless the user says so explicitly (secrets).
import ignore, { type Ignore } from 'ignore';
import { languages } from '../lang/registry';

/** Version control metadata: a folder, or for .git also a file (a worktree's or submodule's `gitdir:` link). */
export const VCS_NAMES = ['.git', '.hg', '.svn', '.bzr'];

export const DEFAULT_EXCLUDED_DIRS = [
  ...VCS_NAMES, 'CVS',
  'node_modules', 'bower_components', 'jspm_packages', 'dist', 'build', 'out', 'target', 'vendor',
  '.venv', 'venv', '__pycache__', '.mypy_cache', '.pytest_cache', '.ruff_cache', '.tox', '.nox',
  '.godot', '.import', '.gradle', '.idea', '.vs', '.next', '.nuxt', '.svelte-kit', '.parcel-cache',
  '.turbo', '.cache', 'coverage', '.nyc_output', '.terraform', 'Pods', 'DerivedData', '.coderag',
];

export const LOCKFILES = [
  'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
  'Cargo.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock', 'Gemfile.lock', 'composer.lock',
  'go.sum', 'packages.lock.json', 'paket.lock', 'flake.lock', 'mix.lock', 'pubspec.lock', 'Podfile.lock',
];

/**
 * Files Godot writes next to an asset: import settings (.import) and, since 4.4, a script's or
 * shader's uid (player.gd.uid holds one `uid://…` line): noise in an index.
 */
export const GODOT_SIDECARS = ['*.import', '*.uid'];

export const BINARY_EXTENSIONS = [
  // images, audio, video, fonts
  'png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'icns', 'tif', 'tiff', 'webp', 'avif', 'heic', 'psd', 'xcf', 'svg', 'svgz',
  'exr', 'hdr', 'tga', 'dds', 'ktx', 'basis',
  'mp3', 'wav', 'ogg', 'oga', 'flac', 'aac', 'm4a', 'opus', 'mid', 'midi',
  'mp4', 'm4v', 'mov', 'avi', 'mkv', 'webm', 'ogv', 'wmv', 'flv',
  'ttf', 'otf', 'woff', 'woff2', 'eot',
  // archives, packages, compiled code, data blobs
  'zip', 'gz', 'tgz', 'bz2', 'xz', 'zst', '7z', 'rar', 'tar', 'jar', 'war', 'ear', 'apk', 'aab', 'ipa',
  'deb', 'rpm', 'dmg', 'iso', 'img', 'msi', 'pck', 'vsix', 'nupkg', 'whl', 'egg', 'crx',
  'exe', 'dll', 'so', 'dylib', 'a', 'lib', 'o', 'obj', 'ko', 'bin', 'elf', 'wasm', 'node', 'pdb', 'ilk',
  'class', 'pyc', 'pyo', 'pyd', 'beam', 'dex', 'rlib', 'rmeta',
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'epub',
  'sqlite', 'sqlite3', 'db', 'mdb', 'parquet', 'arrow', 'feather', 'lance', 'npy', 'npz', 'pkl', 'pickle',
  'h5', 'hdf5', 'onnx', 'pt', 'pth', 'ckpt', 'safetensors', 'tflite', 'pb',
  'blend', 'fbx', 'glb', 'gltf', 'dae', '3ds', 'stl', 'ply', 'res', 'scn', 'ctex', 'stex',
];

export const GENERATED_PATTERNS = ['*.min.js', '*.min.mjs', '*.min.css', '*.map', '*.bundle.js', '*.chunk.js', '*.pb.go', '*_pb2.py', '*.designer.cs', '*.g.cs'];

export const SECRET_PATTERNS = [
  '*.env', '.env*', '!.env*.example', '!.env*.sample', '!.env*.template',
  '*.pem', '*.key', '*.p12', '*.pfx', '*.jks', '*.keystore', '*.kdbx', '*.asc', '*.gpg',
  'id_rsa*', 'id_dsa*', 'id_ecdsa*', 'id_ed25519*', '*.ppk',
  '.netrc', '_netrc', '.pgpass', '.htpasswd', '.npmrc', '.pypirc', '.git-credentials', '.dockercfg',
  'credentials', 'credentials.json', 'credentials.yml', 'credentials.yaml', '*credentials*.json',
  'secrets.json', 'secrets.yml', 'secrets.yaml', 'secrets.toml', 'secret.json', '*.secret', '*.secrets',
  '*service-account*.json', 'client_secret*.json', 'token.json',
  'kubeconfig', '*.kubeconfig', '*.tfstate', '*.tfstate.backup', '*.tfvars',
];

/**
 * Secrets told by their folder as well as their name, matched on the path from the root. An
 * auth.json is Composer's or a tool's credentials at the root or under a dot-folder (.config/…);
 * elsewhere it is usually data (locales/en/auth.json holds translations).
 */
export const SECRET_PATH_PATTERNS = ['**/.docker/config.json', '**/.kube/config', '/auth.json', '**/.*/**/auth.json'];

/**
 * A `.env` name with the extension of a language we parse is source code (`src/.env.ts` reading
 * the environment), not the environment itself.
 */
function envSourceFiles(): string[] {
  return languages.flatMap((l) => l.extensions).map((ext) => `!.env*${ext}`);
}

export interface Rule {
  /** Tested on an entry's name (`name/` for a folder), so that it applies at any depth. */
  matcher: Ignore;
  /** Tested on the path from the root, for the rules that need a folder to tell. */
  paths?: Ignore;
  /** The names `paths` can match (its patterns end in a literal name): other files skip that test. */
  pathNames?: Set<string>;
  reason: 'default-exclude' | 'secret' | 'generated';
  /** Secrets are files: a folder named `credentials/` holds code as often as not. */
  filesOnly?: boolean;
}

export function builtinRules(): Rule[] {
  return [
    { matcher: ignore().add(DEFAULT_EXCLUDED_DIRS.map((d) => `${d}/`)).add(VCS_NAMES).add(LOCKFILES).add(GODOT_SIDECARS), reason: 'default-exclude' },
    { matcher: ignore().add(GENERATED_PATTERNS), reason: 'generated' },
    { matcher: ignore().add(SECRET_PATTERNS).add(envSourceFiles()), paths: ignore().add(SECRET_PATH_PATTERNS), pathNames: lastSegments(SECRET_PATH_PATTERNS), reason: 'secret', filesOnly: true },
  ];
}

function lastSegments(patterns: string[]): Set<string> {
  return new Set(patterns.map((p) => p.slice(p.lastIndexOf('/') + 1)));
}

/** The pattern of `rule` that excludes an entry, if one does. */
export function ruleMatch(rule: Rule, name: string, rel: string, isDir: boolean): string | undefined {
  if (isDir && rule.filesOnly) return undefined;
  const byName = rule.matcher.test(name).rule?.pattern;
  if (byName || !rule.pathNames?.has(name)) return byName;
  return rule.paths?.test(rel).rule?.pattern;
}

const binaryExt = new Set(BINARY_EXTENSIONS);
export function hasBinaryExtension(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') && binaryExt.has(path.slice(dot + 1).toLowerCase());
}
