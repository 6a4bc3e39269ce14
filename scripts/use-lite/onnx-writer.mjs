// A tiny ONNX graph writer on top of onnx-proto (protobufjs static code, ONNX IR 8).
// Used by scripts/build-model.mjs. Everything here is deterministic: names come from a counter,
// tensors are written as little-endian raw_data, and nothing depends on time or the environment.
import { createRequire } from 'node:module';

const { onnx } = createRequire(import.meta.url)('onnx-proto');
const DataType = onnx.TensorProto.DataType;
const AttrType = onnx.AttributeProto.AttributeType;

export const FLOAT = DataType.FLOAT;
export const INT64 = DataType.INT64;

const dataTypeOf = (data) =>
  data instanceof Float32Array ? DataType.FLOAT
    : data instanceof Int8Array ? DataType.INT8
      : data instanceof BigInt64Array ? DataType.INT64
        : fail(`unsupported initializer type ${data?.constructor?.name}`);

function fail(message) {
  throw new Error(message);
}

// raw_data must be little-endian; typed arrays use the host's byte order.
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) fail('onnx-writer: big-endian hosts are not supported');

// Integers become INT/INTS, other numbers FLOAT: enough for the ops used here (the only float
// attribute is LayerNormalization's epsilon; an integral float attribute would need a new case).
function attribute(name, value) {
  if (Array.isArray(value)) return { name, type: AttrType.INTS, ints: value };
  if (Number.isInteger(value)) return { name, type: AttrType.INT, i: value };
  return { name, type: AttrType.FLOAT, f: value };
}

export class Graph {
  nodes = [];
  initializers = [];
  counter = 0;

  /** Adds a constant tensor (typed array, row-major) and returns its name. */
  init(name, dims, data) {
    const count = dims.reduce((a, b) => a * b, 1);
    if (data.length !== count) fail(`${name}: ${data.length} values for dims [${dims}]`);
    const rawData = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    this.initializers.push({ name, dims, dataType: dataTypeOf(data), rawData });
    return name;
  }

  /** Scalars and small vectors, named by a counter. */
  const(values, dims = [values.length]) {
    const data = typeof values[0] === 'bigint' ? BigInt64Array.from(values) : Float32Array.from(values);
    return this.init(`const_${this.counter++}`, dims, data);
  }

  /** An int64 vector (axes, shapes, slice bounds). */
  ints(values) {
    return this.const(values.map(BigInt));
  }

  /** Adds a node; returns its output name, or an array of names when outputs > 1. */
  op(opType, inputs, attrs = {}, outputs = 1) {
    const id = this.counter++;
    const output = Array.from({ length: outputs }, (_, i) => `${opType}_${id}${outputs > 1 ? `_${i}` : ''}`);
    const attribute_ = Object.entries(attrs).map(([k, v]) => attribute(k, v));
    this.nodes.push({ name: `${opType}_${id}`, opType, input: inputs, output, attribute: attribute_ });
    return outputs > 1 ? output : output[0];
  }

  /** Renames the output of the last node (graph outputs need a fixed name). */
  nameLast(name) {
    this.nodes.at(-1).output[0] = name;
    return name;
  }

  /** Serialises to ONNX bytes. io entries: { name, type: FLOAT | INT64, dims: [number|string] }. */
  encode({ inputs, outputs, opset, producer, docString }) {
    const valueInfo = ({ name, type, dims }) => ({
      name,
      type: {
        tensorType: {
          elemType: type,
          shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
        },
      },
    });
    const model = onnx.ModelProto.create({
      irVersion: 8,
      opsetImport: [{ domain: '', version: opset }],
      producerName: producer,
      docString,
      graph: {
        name: 'main',
        node: this.nodes,
        initializer: this.initializers,
        input: inputs.map(valueInfo),
        output: outputs.map(valueInfo),
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

/** Symmetric int8 quantisation of a [rows, cols] matrix to [-maxQ, maxQ], one scale per column or row. */
export function quantizeInt8(values, rows, cols, { perRow, maxQ }) {
  const scales = new Float32Array(perRow ? rows : cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = perRow ? r : c;
      scales[k] = Math.max(scales[k], Math.abs(values[r * cols + c]));
    }
  }
  for (let k = 0; k < scales.length; k++) scales[k] = scales[k] / maxQ || 1; // all-zero line: any scale
  const q = new Int8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) q[r * cols + c] = Math.round(values[r * cols + c] / scales[perRow ? r : c]);
  }
  return { q, scales };
}
