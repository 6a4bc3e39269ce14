import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  '// Package server runs the HTTP API of the billing service.', // 1
  'package server', //                                           2
  '', //                                                         3
  'import (', //                                                 4
  '\t"context"', //                                              5
  '\t"errors"', //                                               6
  ')', //                                                        7
  '', //                                                         8
  '// DefaultPort is used when the config has none.', //         9
  'const DefaultPort = 8080', //                                 10
  '', //                                                         11
  '// State of a server.', //                                    12
  'const (', //                                                  13
  '\tStateIdle State = iota // not started', //                  14
  '\tStateRunning', //                                           15
  '\tStateStopped', //                                           16
  ')', //                                                        17
  '', //                                                         18
  'var ErrClosed = errors.New("server closed")', //              19
  '', //                                                         20
  '// State is the lifecycle of a Server.', //                   21
  'type State int', //                                           22
  '', //                                                         23
  '// Server serves the API.', //                                24
  'type Server struct {', //                                     25
  '\tAddr  string // listen address', //                         26
  '\tstate State', //                                            27
  '}', //                                                        28
  '', //                                                         29
  '// Handler answers one request.', //                          30
  'type Handler interface {', //                                 31
  '\tServe(ctx context.Context, req *Request) (*Response, error)', // 32
  '}', //                                                        33
  '', //                                                         34
  'type (', //                                                   35
  '\t// Request is what a client sends.', //                     36
  '\tRequest struct{ Path string }', //                          37
  '\tResponse = []byte', //                                      38
  ')', //                                                        39
  '', //                                                         40
  '// NewServer builds a server on addr.', //                    41
  'func NewServer(addr string) *Server {', //                    42
  '\treturn &Server{Addr: addr}', //                             43
  '}', //                                                        44
  '', //                                                         45
  '// Start runs the server until ctx is done.', //              46
  '//', //                                                       47
  '//go:noinline', //                                            48
  'func (s *Server) Start(ctx context.Context, retries int) (int, error) {', // 49
  '\tif s.state == StateRunning || retries < 0 {', //            50
  '\t\treturn 0, ErrClosed', //                                  51
  '\t}', //                                                      52
  '\tfor i := 0; i < retries && ctx.Err() == nil; i++ {', //     53
  '\t\tselect {', //                                             54
  '\t\tcase <-ctx.Done():', //                                   55
  '\t\t\treturn i, ctx.Err()', //                                56
  '\t\tdefault:', //                                             57
  '\t\t}', //                                                    58
  '\t}', //                                                      59
  '\tgo func() { s.state = StateRunning }()', //                 60
  '\treturn retries, nil', //                                    61
  '}', //                                                        62
  '', //                                                         63
  'func (s Server) stop() {', //                                 64
  '\tswitch s.state {', //                                       65
  '\tcase StateIdle, StateStopped:', //                          66
  '\t\treturn', //                                               67
  '\t}', //                                                      68
  '}', //                                                        69
  '', //                                                         70
  '// Map applies f to every element.', //                       71
  'func Map[T, U any](xs []T, f func(T) U) []U {', //            72
  '\tout := make([]U, 0, len(xs))', //                           73
  '\tfor _, x := range xs {', //                                 74
  '\t\tout = append(out, f(x))', //                              75
  '\t}', //                                                      76
  '\treturn out', //                                             77
  '}', //                                                        78
);

test('go: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('server/server.go', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant DefaultPort 9-10',
    'constant StateIdle, StateRunning, StateStopped 12-17',
    'constant ErrClosed 19-19',
    'declaration State 21-22',
    'declaration Server 24-28',
    'declaration Handler 30-33',
    'declaration Request 36-37',
    'declaration Response 38-38',
    'function NewServer 41-44',
    'method Server.Start 46-62',
    'method Server.stop 64-69',
    'function Map 71-78',
  ]);
});

test('go: the package comment is title context', async () => {
  const { chunks } = await chunksOf('server/server.go', source);
  assert.equal(find(chunks, 'NewServer').title, 'server/server.go (Package server runs the HTTP API of the billing service.) function NewServer');
});

test('go: a license header and build constraints are not the package doc', async () => {
  const src = lines(
    '// Copyright 2009 The Go Authors. All rights reserved.',
    '// Use of this source code is governed by a BSD-style license.',
    '',
    '//go:build linux',
    '',
    '// Package fmt implements formatted I/O.',
    'package fmt',
    '',
    'func Println() {}',
  );
  const { chunks } = await chunksOf('fmt/print.go', src);
  assert.equal(find(chunks, 'Println').title, 'fmt/print.go (Package fmt implements formatted I/O.) function Println');
  const bare = await chunksOf('fmt/scan.go', lines('// Copyright 2009 The Go Authors.', '// Use of this source code.', '', 'package fmt', '', 'func Scan() {}'));
  assert.equal(find(bare.chunks, 'Scan').title, 'fmt/scan.go function Scan');
});

test('go: function and method metadata', async () => {
  const { chunks } = await chunksOf('server/server.go', source);
  const start = find(chunks, 'Server.Start');
  assert.equal(start.name, 'Start');
  assert.equal(start.signature, 'func (s *Server) Start(ctx context.Context, retries int) (int, error)');
  assert.deepEqual(start.parameters, ['ctx context.Context', 'retries int']);
  assert.equal(start.returnType, '(int, error)');
  assert.deepEqual(start.decorators, ['//go:noinline']);
  assert.ok(start.docstring?.startsWith('Start runs the server until ctx is done.'));
  assert.equal(start.visibility, 'public');
  assert.equal(start.async, false);
  assert.equal(start.generator, false);
  assert.equal(start.complexity, 6); // if, ||, for, &&, one select case (default does not branch)
  assert.ok(start.text.includes('go func() { s.state = StateRunning }()'), 'function literals stay inside');
  const stop = find(chunks, 'Server.stop');
  assert.equal(stop.signature, 'func (s Server) stop()');
  assert.deepEqual(stop.parameters, []);
  assert.equal(stop.returnType, undefined);
  assert.equal(stop.visibility, 'private');
  assert.equal(stop.complexity, 2);
  const map = find(chunks, 'Map');
  assert.equal(map.signature, 'func Map[T, U any](xs []T, f func(T) U) []U');
  assert.deepEqual(map.parameters, ['xs []T', 'f func(T) U']);
  assert.equal(map.returnType, '[]U');
  assert.equal(map.docstring, 'Map applies f to every element.');
  assert.equal(find(chunks, 'NewServer').returnType, '*Server');
});

test('go: types are declarations kept verbatim, const blocks define every name', async () => {
  const { chunks } = await chunksOf('server/server.go', source);
  const server = find(chunks, 'Server', 'declaration');
  assert.equal(
    server.text,
    lines('// Server serves the API.', 'type Server struct {', '\tAddr  string // listen address', '\tstate State', '}').trimEnd(),
  );
  assert.equal(server.signature, 'type Server struct {');
  assert.equal(server.docstring, 'Server serves the API.');
  assert.equal(server.visibility, 'public');
  assert.equal(find(chunks, 'Handler').signature, 'type Handler interface {');
  assert.equal(find(chunks, 'Request').docstring, 'Request is what a client sends.');
  const states = find(chunks, 'StateIdle, StateRunning, StateStopped');
  assert.equal(states.name, 'StateIdle, StateRunning, StateStopped');
  assert.deepEqual(states.defines, ['StateIdle', 'StateRunning', 'StateStopped']);
  assert.equal(states.docstring, 'State of a server.');
  assert.equal(states.signature, 'const (');
  assert.equal(states.visibility, 'public');
  assert.equal(find(chunks, 'ErrClosed').signature, 'var ErrClosed = errors.New("server closed")');
});

test('go: generic and pointer receivers, var blocks, locals left in their function', async () => {
  const src = lines(
    'package list', //                                   1
    'var (', //                                          2
    '\tmu    sync.Mutex', //                             3
    '\tcount, limit = 0, 10', //                         4
    ')', //                                              5
    'type List[T any] struct{ items []T } // a list', // 6
    'func (l *List[T]) Push(v T) { l.items = append(l.items, v) }', // 7
    'func (l List[T]) Len() int {', //                   8
    '\tconst max = 3', //                                9
    '\ttype pair struct{ a, b int }', //                10
    '\treturn len(l.items)', //                         11
    '}', //                                             12
  );
  const { chunks } = await chunksOf('list.go', src);
  assert.deepEqual(outline(chunks), [
    'constant mu, count, limit 2-5',
    'declaration List 6-6',
    'method List.Push 7-7',
    'method List.Len 8-12',
  ]);
  assert.deepEqual(find(chunks, 'mu, count, limit').defines, ['mu', 'count', 'limit']);
  assert.equal(find(chunks, 'mu, count, limit').visibility, 'private');
  assert.equal(find(chunks, 'List.Push').docstring, undefined, 'a trailing comment belongs to its own line');
});

test('go: a syntax error still yields chunks', async () => {
  const broken = lines('package p', '', 'func ok() int {', '\treturn 1', '}', '', 'func broken() {', '\tx := ', '}', '', 'func after() {', '\treturn', '}');
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.go', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 3 && c.endLine === 5));
  assert.ok(chunks.some((c) => c.name === 'after' && c.startLine === 11 && c.endLine === 13));
});

test('go: an oversized function is split between statements, not inside them', async () => {
  const block = (i: number) => [
    `\tif x > ${i} {`,
    `\t\ttotal += compute(x, "a long string argument number ${i}")`,
    `\t\ttotal += compute(x, "another long string argument ${i}")`,
    '\t}',
  ];
  const src = lines('func big(x int) int {', '\ttotal := 0', ...[0, 1, 2, 3, 4].flatMap(block), '\treturn total', '}');
  const { chunks } = await chunksOf('big.go', src, 110);
  // Each `if` is rows 3-6, 7-10, …: every part starts at a statement.
  assert.deepEqual(outline(chunks), [
    'function big 1-6',
    'function big 7-10',
    'function big 11-14',
    'function big 15-18',
    'function big 19-24',
  ]);
  assert.match(chunks[1].text, /^func big\(x int\) int.*\n\tif x > 1 \{/, 'each part repeats the signature');
});
