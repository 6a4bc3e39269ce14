import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { languageOf } from '../src/core/lang/registry';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  '# Billing: invoices and VAT.',                           // 1
  'require "bigdecimal"',                                   // 2
  '',                                                       // 3
  'MAX_LINES = 3',                                          // 4
  'Point = Struct.new(:x, :y) do',                          // 5
  '  def dist',                                             // 6
  '    Math.sqrt(x * x + y * y)',                           // 7
  '  end',                                                  // 8
  'end',                                                    // 9
  '',                                                       // 10
  'module Billing',                                         // 11
  '  VAT = 0.2',                                            // 12
  '',                                                       // 13
  '  module Inner',                                         // 14
  '    # An invoice.',                                      // 15
  '    # Holds lines.',                                     // 16
  '    class Invoice < Base',                               // 17
  '      include Comparable',                               // 18
  '      attr_accessor :amount, :date',                     // 19
  '      attr_reader :id',                                  // 20
  '      RATE = 1',                                         // 21
  '',                                                       // 22
  '      def initialize(amount)',                           // 23
  '        @amount = amount',                               // 24
  '      end',                                              // 25
  '',                                                       // 26
  '      # Builds one.',                                    // 27
  '      def self.create(*args, **opts, &blk)',             // 28
  '        new(*args)',                                     // 29
  '      end',                                              // 30
  '',                                                       // 31
  '      def total(a, b = 2) = a + b',                      // 32
  '',                                                       // 33
  '      class << self',                                    // 34
  '        def build = new(0)',                             // 35
  '      end',                                              // 36
  '',                                                       // 37
  '      private',                                          // 38
  '',                                                       // 39
  '      # Secret sauce.',                                  // 40
  '      def secret(items)',                                // 41
  '        items.each { |x| x if x && x.ok? }',             // 42
  '        fn = ->(a) { a || 0 }',                          // 43
  '        case fn.call(1)',                                // 44
  '        when 1 then :one',                               // 45
  '        when 2 then :two',                               // 46
  '        end',                                            // 47
  '      end',                                              // 48
  '',                                                       // 49
  '      protected def prot; end',                          // 50
  '',                                                       // 51
  '      public',                                           // 52
  '',                                                       // 53
  '      def ready? = true',                                // 54
  '      memoize def cached',                               // 55
  '        42',                                             // 56
  '      end',                                              // 57
  '    end',                                                // 58
  '  end',                                                  // 59
  'end',                                                    // 60
  '',                                                       // 61
  'class Billing::Inner::Ledger',                           // 62
  '  def post; end',                                        // 63
  'end',                                                    // 64
  '',                                                       // 65
  'def Billing.configure',                                  // 66
  '  yield self',                                           // 67
  'end',                                                    // 68
  '',                                                       // 69
  'def helper(x)',                                          // 70
  '  x.to_s',                                               // 71
  'end',                                                    // 72
);

test('ruby: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('lib/billing/invoice.rb', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant MAX_LINES 4-4',
    'class Point 5-9',
    'method Point.dist 6-8',
    'constant Billing.VAT 12-12', // a namespace module's constant is its own chunk
    'class Billing.Inner.Invoice 15-58',
    'method Billing.Inner.Invoice.initialize 23-25',
    'method Billing.Inner.Invoice.create 27-30',
    'method Billing.Inner.Invoice.total 32-32',
    'method Billing.Inner.Invoice.build 35-35', // class << self
    'method Billing.Inner.Invoice.secret 40-48',
    'method Billing.Inner.Invoice.prot 50-50',
    'method Billing.Inner.Invoice.ready? 54-54',
    'method Billing.Inner.Invoice.cached 55-57',
    'class Billing.Inner.Ledger 62-64',
    'method Billing.Inner.Ledger.post 63-63',
    'method Billing.configure 66-68',
    'function helper 70-72',
  ]);
});

test('ruby: leading comment is the docstring, module comment the title context', async () => {
  const { chunks } = await chunksOf('lib/billing/invoice.rb', source);
  const invoice = find(chunks, 'Billing.Inner.Invoice', 'class');
  // The grammar hangs these comments on `module Inner`, before its body: they still belong to the class.
  assert.equal(invoice.docstring, 'An invoice.\nHolds lines.');
  assert.equal(find(chunks, 'Billing.Inner.Invoice.create').docstring, 'Builds one.');
  assert.equal(find(chunks, 'Billing.Inner.Invoice.secret').docstring, 'Secret sauce.');
  assert.equal(find(chunks, 'helper').docstring, undefined);
  assert.equal(find(chunks, 'helper').title, 'lib/billing/invoice.rb (Billing: invoices and VAT.) function helper');

  const magic = lines('# frozen_string_literal: true', '', '# Money helpers.', 'module Money', '  def self.round(x) = x.round(2)', 'end');
  const { chunks: money } = await chunksOf('lib/money.rb', magic);
  assert.equal(find(money, 'Money', 'class').title, 'lib/money.rb (Money helpers.) class Money', 'the magic comment is not the file summary');
  assert.equal(find(money, 'Money', 'class').docstring, 'Money helpers.');
});

test('ruby: method metadata', async () => {
  const { chunks } = await chunksOf('lib/billing/invoice.rb', source);
  const create = find(chunks, 'Billing.Inner.Invoice.create');
  assert.equal(create.signature, 'def self.create(*args, **opts, &blk)');
  assert.deepEqual(create.parameters, ['*args', '**opts', '&blk']);
  assert.equal(create.returnType, undefined);
  assert.deepEqual(create.decorators, []);
  assert.equal(create.async, false);
  assert.equal(create.generator, false);
  assert.equal(create.complexity, 1);
  const total = find(chunks, 'Billing.Inner.Invoice.total');
  assert.equal(total.signature, 'def total(a, b = 2) =');
  assert.deepEqual(total.parameters, ['a', 'b = 2']);
  const secret = find(chunks, 'Billing.Inner.Invoice.secret');
  assert.equal(secret.complexity, 6); // if modifier, &&, ||, two whens; the `if` keyword is not counted again
  assert.ok(secret.text.includes('items.each { |x|') && secret.text.includes('->(a)'), 'blocks and lambdas stay in their method');
  assert.deepEqual(find(chunks, 'Billing.Inner.Invoice.cached').decorators, ['memoize']);
  assert.equal(find(chunks, 'Billing.configure').signature, 'def Billing.configure');
});

test('ruby: visibility from private/protected/public sections and wrappers', async () => {
  const { chunks } = await chunksOf('lib/billing/invoice.rb', source);
  const vis = (name: string) => find(chunks, `Billing.Inner.Invoice.${name}`).visibility;
  assert.equal(vis('initialize'), 'public');
  assert.equal(vis('create'), 'public');
  assert.equal(vis('build'), 'public');
  assert.equal(vis('secret'), 'private'); // after a bare `private`
  assert.equal(vis('prot'), 'protected'); // `protected def`
  assert.equal(vis('ready?'), 'public'); // after a bare `public`
  assert.equal(vis('cached'), 'public');
  assert.equal(find(chunks, 'helper').visibility, 'public');

  const { chunks: more } = await chunksOf('vis.rb', lines(
    'class Account', //                1
    '  def self.open; end', //         2
    '  def self.audit; end', //        3
    '  private_class_method :audit', // 4
    '  def balance; end', //           5
    '  def ledger; end', //            6
    '  private :ledger', //            7
    '  private', //                    8
    '  def self.still_public; end', // 9
    '  class << self', //             10
    '    private', //                 11
    '    def hidden_factory; end', // 12
    '  end', //                       13
    '  Secret = Class.new', //        14
    '  private_constant :Secret', //  15
    'end', //                         16
  ));
  const v = (name: string) => find(more, `Account.${name}`).visibility;
  assert.equal(v('open'), 'public');
  assert.equal(v('audit'), 'private');
  assert.equal(v('balance'), 'public');
  assert.equal(v('ledger'), 'private');
  assert.equal(v('still_public'), 'public', 'a bare private does not reach def self.x');
  assert.equal(v('hidden_factory'), 'private');
  assert.equal(v('Secret'), 'private');
});

test('ruby: class summary holds mixins, attrs, constants, section markers and one line per def', async () => {
  const { chunks } = await chunksOf('lib/billing/invoice.rb', source);
  const invoice = find(chunks, 'Billing.Inner.Invoice', 'class');
  assert.equal(
    invoice.text,
    lines(
      '    # An invoice.',
      '    # Holds lines.',
      '    class Invoice < Base',
      '      include Comparable',
      '      attr_accessor :amount, :date',
      '      attr_reader :id',
      '      RATE = 1',
      '      def initialize(amount)',
      '      def self.create(*args, **opts, &blk)',
      '      def total(a, b = 2) = …',
      '      class << self',
      '        def build = …',
      '      private',
      '      def secret(items)',
      '      def prot; end',
      '      public',
      '      def ready? = …',
      '      def cached',
      '    end',
    ).trimEnd(),
  );
  assert.ok(!invoice.text.includes('@amount = amount'));
  assert.deepEqual(invoice.defines, ['Invoice', 'initialize', 'create', 'total', 'build', 'secret', 'prot', 'ready?', 'cached']);
  assert.equal(invoice.signature, 'class Invoice < Base');
  assert.ok(!chunks.some((c) => c.name === 'RATE'), 'class constants live in the summary only');
  const point = find(chunks, 'Point', 'class');
  assert.equal(point.signature, 'Point = Struct.new(:x, :y) do');
  assert.equal(point.text, lines('Point = Struct.new(:x, :y) do', '  def dist', 'end').trimEnd());
});

test('ruby: a module with methods is summarised, a namespace module only qualifies', async () => {
  const { chunks } = await chunksOf('lib/text.rb', lines(
    'module Text', //                   1
    '  module Helpers', //              2
    '    SEP = ","', //                 3
    '', //                              4
    '    # Joins with SEP.', //         5
    '    def join(parts) = parts.join(SEP)', // 6
    '', //                              7
    '    def self.version', //          8
    '      "1"', //                     9
    '    end', //                      10
    '  end', //                        11
    '', //                             12
    '  class Error < StandardError; end', // 13
    '  Point3 = Data.define(:x, :y, :z)', // 14
    'end', //                          15
  ));
  assert.deepEqual(outline(chunks), [
    'class Text.Helpers 2-11',
    'method Text.Helpers.join 5-6',
    'method Text.Helpers.version 8-10',
    'class Text.Error 13-13',
    'class Text.Point3 14-14',
  ]);
  assert.equal(find(chunks, 'Text.Helpers').text, lines(
    '  module Helpers',
    '    SEP = ","',
    '    def join(parts) = …',
    '    def self.version',
    '  end',
  ).trimEnd());
});

test('ruby: Rakefile, .rake, Gemfile and .gemspec are Ruby, and their DSL yields chunks', async () => {
  for (const f of ['Rakefile', 'Gemfile', 'lib/tasks/db.rake', 'x.gemspec', 'a/b.rb']) assert.equal(languageOf(f)?.id, 'ruby', f);
  const rake = lines(
    'require "rake/testtask"', //       1
    '', //                              2
    '# Runs the tests.', //             3
    'task default: :test', //           4
    '', //                              5
    'namespace :db do', //              6
    '  desc "Migrate"', //              7
    '  task migrate: :environment do', // 8
    '    sh "rake db:migrate" if ENV["CI"]', // 9
    '  end', //                        10
    '  task :seed', //                 11
    'end', //                          12
  );
  const { chunks } = await chunksOf('lib/tasks/db.rake', rake);
  // `desc` documents the task below it (as `rake -T` shows it); `namespace :db do`/`end` only scope the tasks.
  assert.deepEqual(outline(chunks), ['function default 3-4', 'function db.migrate 7-10', 'function db.seed 11-11']);
  assert.equal(find(chunks, 'default').docstring, 'Runs the tests.');
  assert.equal(find(chunks, 'db.migrate').docstring, 'Migrate');
  assert.equal(find(chunks, 'db.migrate').signature, 'task migrate: :environment do');
  assert.equal(find(chunks, 'db.migrate').complexity, 2);

  const gemfile = lines(
    'source "https://rubygems.org"', // 1
    '', //                              2
    'gem "rails", "~> 7.1"', //         3
    '# Web server.', //                 4
    'gem "puma"', //                    5
    '', //                              6
    'group :test do', //                7
    '  gem "rspec"', //                 8
    'end', //                           9
  );
  const { chunks: gems } = await chunksOf('Gemfile', gemfile);
  // `source` and the `group :test do` header are kept as windows; the closing `end` alone is not.
  assert.deepEqual(outline(gems), ['window top-level code 1-1', 'declaration rails, puma 3-5', 'window top-level code 7-7', 'declaration rspec 8-8']);

  const gemspec = lines('Gem::Specification.new do |spec|', '  spec.name = "x"', 'end');
  const { chunks: spec } = await chunksOf('x.gemspec', gemspec);
  assert.deepEqual(outline(spec), ['declaration Gem.Specification 1-3']);
});

test('ruby: a syntax error still yields chunks', async () => {
  const broken = lines(
    'class Ok', //              1
    '  def fine', //            2
    '    1', //                 3
    '  end', //                 4
    '', //                      5
    '  def broken', //          6
    '    foo(1,, 2)', //        7
    '  end', //                 8
    '', //                      9
    '  def after', //          10
    '    2', //                11
    '  end', //                12
    'end', //                  13
  );
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.rb', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.deepEqual(outline(chunks), ['class Ok 1-13', 'method Ok.fine 2-4', 'method Ok.broken 6-8', 'method Ok.after 10-12']);
});

test('ruby: a Rake desc is read as Rake reads it: any quotes, escapes, and the last desc before the task', async () => {
  const rake = lines(
    'desc %q(Percent desc)', //          1
    'task :a do', //                     2
    'end', //                            3
    'desc "Say \\"hi\\" #{name}"', //    4
    'task :b do', //                     5
    'end', //                            6
    'desc "Two"', //                     7
    'desc "Overrides"', //               8
    'task :twice do', //                 9
    'end', //                           10
  );
  const { chunks } = await chunksOf('Rakefile', rake);
  assert.deepEqual(outline(chunks), ['function a 1-3', 'function b 4-6', 'function twice 7-10']);
  assert.deepEqual(chunks.map((c) => c.docstring), ['Percent desc', 'Say "hi" #{name}', 'Overrides']);
});
