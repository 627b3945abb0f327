// ONNX Runtime (onnxruntime-node, CPU) timing of one model, for bench/model_bench.py:
//   node bench/ort_bench.js MODEL.onnx --input NAME=X.npy ... [--threads 2] [--warmup 50]
//        [--warmup-ms 2000] [--runs 10] [--min-ms 0] [--max-runs 1000] [--out-dir DIR]
// Warm-up: --warmup runs, stopped early (after 2) once they took --warmup-ms. It must be long:
// with onnxruntime-node 1.31 a run returning a 1.8 MB output takes ~15 ms for its first ~40
// calls and 0.4 ms after (the binding's JavaScript is optimized by then).
// Times at least --runs runs, more while their total is under --min-ms (at most --max-runs).
// Session: intraOpNumThreads = --threads, interOpNumThreads 1, sequential execution,
// graphOptimizationLevel 'all'. Inputs are float32 .npy files; with --out-dir the outputs are
// written there as output_<k>.npy (float32, in the session's output order). Prints one JSON line:
// {"median_ms": ..., "min_ms": ..., "times_ms": [...], "threads": ...}.
// The package is found in build/bench_node (scripts/install_bench_deps.sh) or via NODE_PATH.
'use strict';
const fs = require('fs');
const path = require('path');

function loadOrt() {
  const local = path.join(__dirname, '..', 'build', 'bench_node', 'node_modules', 'onnxruntime-node');
  return require(fs.existsSync(local) ? local : 'onnxruntime-node');
}

// float32 little-endian C-order .npy (format 1.x or 2.x) -> {data, dims}.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  const major = buf[6];
  const hlen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = buf.toString('latin1', start, start + hlen);
  if (!/'descr':\s*'<f4'/.test(header) || /'fortran_order':\s*True/.test(header))
    throw new Error(`${file}: only float32 C-order arrays are supported`);
  const dims = header.match(/'shape':\s*\(([^)]*)\)/)[1].split(',').filter((s) => s.trim()).map(Number);
  const bytes = buf.subarray(start + hlen);
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return { data, dims };
}

function writeNpy(file, data, dims) {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${dims.join(', ')}${dims.length === 1 ? ',' : ''}), }`;
  header += ' '.repeat(63 - ((header.length + 10) % 64)) + '\n';  // total header a multiple of 64
  const pre = Buffer.alloc(10);
  Buffer.from('\x93NUMPY', 'latin1').copy(pre);
  pre[6] = 1;
  pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  const f32 = Float32Array.from(data);
  fs.writeFileSync(file, Buffer.concat([pre, Buffer.from(header, 'latin1'), Buffer.from(f32.buffer)]));
}

function parseArgs(argv) {
  const a = { model: null, inputs: {}, threads: 2, warmup: 50, warmupMs: 2000, runs: 10, minMs: 0, maxRuns: 1000, outDir: null };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i];
    if (v === '--input') {
      const [name, file] = argv[++i].split('=');
      a.inputs[name] = file;
    } else if (v === '--threads') a.threads = Number(argv[++i]);
    else if (v === '--warmup') a.warmup = Number(argv[++i]);
    else if (v === '--warmup-ms') a.warmupMs = Number(argv[++i]);
    else if (v === '--runs') a.runs = Number(argv[++i]);
    else if (v === '--min-ms') a.minMs = Number(argv[++i]);
    else if (v === '--max-runs') a.maxRuns = Number(argv[++i]);
    else if (v === '--out-dir') a.outDir = argv[++i];
    else if (!a.model) a.model = v;
    else throw new Error(`unexpected argument ${v}`);
  }
  if (!a.model) throw new Error('usage: ort_bench.js MODEL.onnx --input NAME=X.npy ... [--threads N] [--warmup N] [--warmup-ms MS] [--runs N] [--min-ms MS] [--max-runs N] [--out-dir DIR]');
  return a;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const ort = loadOrt();
  const session = await ort.InferenceSession.create(args.model, {
    intraOpNumThreads: args.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const feeds = {};
  for (const [name, file] of Object.entries(args.inputs)) {
    const { data, dims } = readNpy(file);
    feeds[name] = new ort.Tensor('float32', data, dims);
  }
  let out;
  const start = process.hrtime.bigint();
  for (let i = 0; i < args.warmup; i++) {
    if (i >= 2 && Number(process.hrtime.bigint() - start) / 1e6 > args.warmupMs) break;
    out = await session.run(feeds);
  }
  const times = [];
  let total = 0;
  while (times.length < args.maxRuns && (times.length < args.runs || total < args.minMs)) {
    const t = process.hrtime.bigint();
    out = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    total += times[times.length - 1];
  }
  if (args.outDir) {
    if (!out) out = await session.run(feeds);
    session.outputNames.forEach((name, k) => writeNpy(path.join(args.outDir, `output_${k}.npy`), out[name].data, out[name].dims));
  }
  const sorted = [...times].sort((x, y) => x - y);
  const median = sorted.length ? (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2 : null;
  console.log(JSON.stringify({ median_ms: median, min_ms: sorted[0], times_ms: times, threads: args.threads }));
}

main().catch((e) => {
  console.error(e.message || e);
  process.exit(1);
});
