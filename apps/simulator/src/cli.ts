import { parseArgs } from 'node:util';
import { statsLine, summary } from './format';
import { startTraffic } from './traffic';

/** `npm run simulate -- [--url …] [--rate 20] [--duration 60] [--auction first|second] …` */
const usage = `Usage: npm run simulate -- [options]
  --url <base>        the platform (default http://localhost:8080)
  --rate <n>          bid requests per second (default 20)
  --duration <s>      seconds to run (default 60; 0 = until Ctrl+C)
  --auction <type>    first | second (default second)
  --seed <n>          the same seed sends the same requests
  --ctr <p>           clicks per impression (default 0.01)
  --cvr <p>           conversions per click (default 0.05)
  --concurrency <n>   opportunities in progress at most
  --quiet             only the summary`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      rate: { type: 'string', default: '20' },
      duration: { type: 'string', default: '60' },
      auction: { type: 'string', default: 'second' },
      seed: { type: 'string' },
      ctr: { type: 'string', default: '0.01' },
      cvr: { type: 'string', default: '0.05' },
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
  if (values.auction !== 'first' && values.auction !== 'second')
    exit(`--auction must be first or second\n\n${usage}`, 2);
  try {
    new URL(values.url);
  } catch {
    exit(`--url: ${values.url} is not a URL\n\n${usage}`, 2);
  }
  const duration = number('duration', values.duration, (n) => n >= 0) ?? 60;
  return {
    url: values.url,
    rate: number('rate', values.rate, (n) => n > 0 && n <= 100_000) ?? 20,
    durationSeconds: duration > 0 ? duration : undefined,
    auction: values.auction as 'first' | 'second',
    seed: number('seed', values.seed, Number.isSafeInteger),
    ctr: number('ctr', values.ctr, probability),
    cvr: number('cvr', values.cvr, probability),
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
console.log(
  `Simulating an exchange against ${options.url}: ${options.rate} req/s, ${options.auction}-price auctions` +
    `${options.durationSeconds ? `, ${options.durationSeconds} s` : ', until Ctrl+C'}`,
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
