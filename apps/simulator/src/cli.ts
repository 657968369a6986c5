import { parseArgs } from 'node:util';
import { statsLine, summary } from './format';
import { formatOutcomes } from './outcome';
import { startTraffic } from './traffic';

/** `npm run simulate -- [--url …] [--rate 20] [--duration 60] [--scenario flat|outcome] …` */
const usage = `Usage: npm run simulate -- [options]
  --url <base>        the platform (default http://localhost:8080)
  --rate <n>          bid requests per second (default 20)
  --duration <s>      seconds to run (default 60; 0 = until Ctrl+C)
  --scenario <name>   flat: the same rates everywhere (default)
                      outcome: a hidden true model of clicks and orders, rival bids per
                      segment, exchanges of both auction types; reports per campaign what
                      happened beside what the true model expected
  --auction <type>    first | second (default second; outcome: each exchange's own)
  --seed <n>          the same seed sends the same requests
  --ctr <p>           clicks per impression (default 0.01; outcome: its base rate, 0.0015)
  --cvr <p>           conversions per click (default 0.05; outcome: its base rate, 0.005)
  --concurrency <n>   opportunities in progress at most
  --quiet             only the summary`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      rate: { type: 'string', default: '20' },
      duration: { type: 'string', default: '60' },
      scenario: { type: 'string', default: 'flat' },
      auction: { type: 'string' },
      seed: { type: 'string' },
      ctr: { type: 'string' },
      cvr: { type: 'string' },
      concurrency: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) exit(usage, 0);
  const number = (name: string, text: string | undefined, check: (n: number) => boolean) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || !check(n)) exit(`--${name}: ${text} is out of range\n\n${usage}`, 2);
    return n;
  };
  const probability = (n: number) => n >= 0 && n <= 1;
  if (values.scenario !== 'flat' && values.scenario !== 'outcome')
    exit(`--scenario must be flat or outcome\n\n${usage}`, 2);
  if (values.auction !== undefined && values.auction !== 'first' && values.auction !== 'second')
    exit(`--auction must be first or second\n\n${usage}`, 2);
  try {
    new URL(values.url);
  } catch {
    exit(`--url: ${values.url} is not a URL\n\n${usage}`, 2);
  }
  const duration = number('duration', values.duration, (n) => n >= 0) ?? 60;
  const ctr = number('ctr', values.ctr, probability);
  const cvr = number('cvr', values.cvr, probability);
  return {
    url: values.url,
    rate: number('rate', values.rate, (n) => n > 0 && n <= 100_000) ?? 20,
    durationSeconds: duration > 0 ? duration : undefined,
    auction: values.auction as 'first' | 'second' | undefined,
    seed: number('seed', values.seed, Number.isSafeInteger),
    ctr,
    cvr,
    // The outcome world takes the rates as its true model's base rates.
    outcome: values.scenario === 'outcome' ? { ctr, cvr } : undefined,
    concurrency: number('concurrency', values.concurrency, (n) => Number.isInteger(n) && n > 0),
    quiet: values.quiet,
  };
}

function exit(message: string, code: number): never {
  (code ? process.stderr : process.stdout).write(`${message}\n`);
  process.exit(code);
}

const options = parseOptions();
const live = process.stdout.isTTY === true;
const auctions = options.auction
  ? `${options.auction}-price auctions`
  : options.outcome
    ? "each exchange's own auctions"
    : 'second-price auctions';
console.log(
  `Simulating ${options.outcome ? 'the outcome world' : 'an exchange'} against ${options.url}: ` +
    `${options.rate} req/s, ${auctions}${options.durationSeconds ? `, ${options.durationSeconds} s` : ', until Ctrl+C'}`,
);
const traffic = startTraffic({
  ...options,
  onStats: options.quiet
    ? undefined
    : (stats) => {
        if (live) process.stdout.write(`\r${statsLine(stats)}\x1b[K`);
        else console.log(statsLine(stats));
      },
  log: (message) => process.stderr.write(`${live ? '\n' : ''}${message}\n`),
});
process.once('SIGINT', () => void traffic.stop());
const final = await traffic.finished;
if (live && !options.quiet) process.stdout.write('\n');
console.log(`Summary\n${summary(final)}`);
const outcomes = traffic.outcomes();
if (outcomes) console.log(formatOutcomes(outcomes));
