// Secrets are never indexed unless named explicitly; code that only looks like a secret is.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeSource } from '../src/core/scan/content';
import { checkPath, scanWorkspace } from '../src/core/scan/walker';
import { removeWorkspace, workspace } from './helpers';

function scan(files: Record<string, string>): { files: string[]; secrets: string[]; details: Record<string, string> } {
  const root = workspace(files);
  try {
    const r = scanWorkspace(root);
    const secrets = r.skipped.filter((s) => s.reason === 'secret');
    return {
      files: r.files.map((f) => f.path).sort(),
      secrets: secrets.map((s) => s.path).sort(),
      details: Object.fromEntries(secrets.map((s) => [s.path, s.detail ?? ''])),
    };
  } finally {
    removeWorkspace(root);
  }
}

test('secret patterns name files, not folders: src/credentials/ is code', () => {
  const r = scan({ 'src/credentials/store.py': 'def load():\n    pass\n', 'credentials': '[default]\nkey = x\n' });
  assert.deepEqual(r.files, ['src/credentials/store.py']);
  assert.deepEqual(r.secrets, ['credentials']);
});

test('.env* is a secret (.envrc too); a .env name with a parsed language extension is code; examples stay indexed', () => {
  const r = scan({
    '.env': 'A=1\n',
    '.envrc': 'export A=1\n',
    '.env.local': 'A=1\n',
    'prod.env': 'A=1\n',
    '.env.example': 'A=\n',
    '.env.local.sample': 'A=\n',
    '.env.template': 'A=\n',
    'src/.env.ts': 'export const env = process.env;\n',
    'src/.env.d.ts': 'declare const env: string;\n',
    'app/.env.py': 'import os\n',
    'app/.env.js': 'module.exports = process.env;\n',
  });
  assert.deepEqual(r.secrets, ['.env', '.env.local', '.envrc', 'prod.env']);
  assert.deepEqual(r.files, ['.env.example', '.env.local.sample', '.env.template', 'app/.env.js', 'app/.env.py', 'src/.env.d.ts', 'src/.env.ts']);
});

test('credential files: cloud, container and infrastructure tools; auth.json only at the root or in a dot-folder', () => {
  const r = scan({
    'secrets.toml': 'k = 1\n',
    '.streamlit/secrets.toml': 'k = 1\n',
    '.docker/config.json': '{}\n',
    'home/.kube/config': 'apiVersion: v1\n',
    'kubeconfig': 'apiVersion: v1\n',
    'infra/terraform.tfstate': '{}\n',
    'infra/terraform.tfstate.backup': '{}\n',
    'infra/prod.tfvars': 'a = 1\n',
    'keys/gcp-service-account-key.json': '{}\n',
    'service-account.json': '{}\n',
    'auth.json': '{}\n',
    '.config/composer/auth.json': '{}\n',
    // Look-alikes that are code or data
    'locales/en/auth.json': '{"login": "Log in"}\n',
    'src/auth.json': '{}\n',
    'src/docker/config.json': '{}\n',
    'src/kube/config.py': 'X = 1\n',
    'infra/main.tf': 'resource "x" "y" {}\n',
  });
  assert.deepEqual(r.secrets, [
    '.config/composer/auth.json', '.docker/config.json', '.streamlit/secrets.toml', 'auth.json', 'home/.kube/config',
    'infra/prod.tfvars', 'infra/terraform.tfstate', 'infra/terraform.tfstate.backup', 'keys/gcp-service-account-key.json',
    'kubeconfig', 'secrets.toml', 'service-account.json',
  ]);
  assert.deepEqual(r.files, ['infra/main.tf', 'locales/en/auth.json', 'src/auth.json', 'src/docker/config.json', 'src/kube/config.py']);
});

test('a secret comes back only when .coderagignore names it: a wildcard in the last segment is not enough', () => {
  const r = scan({
    '.coderagignore': '!*.json\n!config/token.json\n!**/deploy.pem\n!keys/*.key\n!conf\n!*.env\n',
    'credentials.json': '{}\n',
    'token.json': '{}\n',
    'auth.json': '{}\n',
    'data.json': '{}\n',
    'config/token.json': '{}\n',
    'keys/deploy.pem': 'pem\n',
    'keys/server.key': 'key\n',
    'conf/.env': 'A=1\n',
    'conf/prod.env': 'A=1\n',
  });
  assert.deepEqual(r.secrets, ['auth.json', 'conf/.env', 'conf/prod.env', 'credentials.json', 'keys/server.key', 'token.json']);
  assert.deepEqual(r.files, ['config/token.json', 'data.json', 'keys/deploy.pem']);
  assert.match(r.details['credentials.json'], /must name it/);
});

test('a symlink to a secret is a secret, whatever its own name', () => {
  const root = workspace({ '.env': 'A=1\n', 'keys/deploy.pem': 'pem\n', 'app.py': 'a = 1\n' });
  try {
    fs.symlinkSync(path.join(root, '.env'), path.join(root, 'settings.txt'));
    fs.symlinkSync('keys/deploy.pem', path.join(root, 'docs-link.md'));
    fs.symlinkSync(path.join(root, 'app.py'), path.join(root, 'main.py'));
    const r = scanWorkspace(root);
    assert.deepEqual(r.files.map((f) => f.path).sort(), ['app.py', 'main.py']);
    const secrets = Object.fromEntries(r.skipped.filter((s) => s.reason === 'secret').map((s) => [s.path, s.detail]));
    assert.deepEqual(Object.keys(secrets).sort(), ['.env', 'docs-link.md', 'keys/deploy.pem', 'settings.txt']);
    assert.match(secrets['settings.txt']!, /symlink to \.env/);
    assert.equal(checkPath(root, 'settings.txt').skipped?.reason, 'secret');
  } finally {
    removeWorkspace(root);
  }
});

test('content: a file that starts with a private key is a secret under any name', () => {
  const keys = [
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n',
    '\n  -----BEGIN EC PRIVATE KEY-----\nMHcC\n',
    '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIF\n',
    '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdGBF\n',
    'Bag Attributes\n    localKeyID: 01 00 00 00\n    friendlyName: site\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\nMIIE\n',
    '\ufeff-----BEGIN PRIVATE KEY-----\r\nMIIE\r\n',
  ];
  for (const key of keys) {
    const d = decodeSource(Buffer.from(key), 'notes.txt');
    assert.equal(d.skip?.reason, 'secret', key);
    assert.match(d.skip!.detail, /^private key \("-----BEGIN [A-Z ]+-----"\)$/);
  }
  const notKeys = [
    '-----BEGIN PUBLIC KEY-----\nMIIB\n',
    '-----BEGIN CERTIFICATE-----\nMIID\n',
    'HEADER = "-----BEGIN RSA PRIVATE KEY-----"\n\ndef is_key(text):\n    return text.startswith(HEADER)\n',
  ];
  for (const text of notKeys) assert.equal(decodeSource(Buffer.from(text), 'a.py').skip, undefined, text);
});
