import type { CatalogueProduct } from '@rtb/rtb';

/** Some products of one advertiser's feed (ids the feed lacks left out): `catalogueProducts`. */
export type LoadProducts = (advertiserId: number, ids: readonly string[]) => Promise<CatalogueProduct[]>;

export interface ProductCatalogueOptions {
  load: LoadProducts;
  /** The most products (and ids known to be absent) kept; the least recently used go first. */
  maxProducts: number;
  /** A product loaded longer ago than this is reloaded in the background, and served meanwhile (60 s). */
  refreshAfterMs?: number;
  /** Ids of one advertiser per query (1,000). */
  batchSize?: number;
  /** After a failed load, the loader waits this long before the next (1 s). */
  retryAfterMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Entry {
  /** Null: the feed has no such product (remembered, so a bid does not ask again). */
  product: CatalogueProduct | null;
  /** Whether a dynamic banner may show it: available, and its link a web page a click can go to. */
  showable: boolean;
  loadedAt: number;
}

/** A link a click may be sent to: http or https only. */
function isWebLink(link: string): boolean {
  try {
    const { protocol } = new URL(link);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** `advertiser:id`: an advertiser id has no colon, so the first one ends it. */
const keyOf = (advertiserId: number, id: string) => `${advertiserId}:${id}`;

/**
 * The products dynamic banners show, in memory (issue 15 item 4): read-through, so the bid path
 * never waits on the database. A lookup answers from memory at once; a miss (or an entry older
 * than `refreshAfterMs`, still served) queues its id, and a background loader fetches what is
 * queued in batches, one query per advertiser. Bounded: the least recently used entries are
 * dropped past `maxProducts`, and so are ids queued past it (a later lookup queues them again).
 */
export class ProductCatalogue {
  readonly #load: LoadProducts;
  readonly #max: number;
  readonly #refreshAfterMs: number;
  readonly #batchSize: number;
  readonly #retryAfterMs: number;
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;
  /** In order of use, the least recent first (a lookup moves its entry to the end). */
  readonly #entries = new Map<string, Entry>();
  /** Ids waiting for the loader, by advertiser; `#queued` also holds those being loaded. */
  #pending = new Map<number, string[]>();
  #pendingCount = 0;
  readonly #queued = new Set<string>();
  #loading: Promise<void> | null = null;
  #closed = false;

  constructor(options: ProductCatalogueOptions) {
    this.#load = options.load;
    this.#max = options.maxProducts;
    this.#refreshAfterMs = options.refreshAfterMs ?? 60_000;
    this.#batchSize = options.batchSize ?? 1_000;
    this.#retryAfterMs = options.retryAfterMs ?? 1_000;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => {});
  }

  /** The product as last loaded, or null when it is not loaded (yet) or the feed lacks it. */
  get(advertiserId: number, id: string): CatalogueProduct | null {
    return this.#lookup(advertiserId, id)?.product ?? null;
  }

  /** Whether a dynamic banner may show the product now: loaded, in stock, in the feed, with a web link. */
  isAvailable(advertiserId: number, id: string): boolean {
    return this.#lookup(advertiserId, id)?.showable ?? false;
  }

  /** Queues the ids not loaded, or loaded too long ago, without waiting. */
  prefetch(advertiserId: number, ids: Iterable<string>): void {
    for (const id of ids) this.#lookup(advertiserId, id);
  }

  /** Resolves once nothing is queued or loading. */
  async settled(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /** Stops loading (what is in flight ends) and forgets everything. */
  close(): void {
    this.#closed = true;
    this.#pending.clear();
    this.#pendingCount = 0;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #lookup(advertiserId: number, id: string): Entry | undefined {
    const key = keyOf(advertiserId, id);
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    if (!entry || this.#now() - entry.loadedAt >= this.#refreshAfterMs) this.#queue(advertiserId, id, key);
    return entry;
  }

  #queue(advertiserId: number, id: string, key: string) {
    if (this.#closed || this.#queued.has(key) || this.#pendingCount >= this.#max) return;
    this.#queued.add(key);
    const ids = this.#pending.get(advertiserId);
    if (ids) ids.push(id);
    else this.#pending.set(advertiserId, [id]);
    this.#pendingCount += 1;
    this.#startLoading();
  }

  #startLoading() {
    if (this.#loading) return;
    // Misses of the same moment (one bid request, one batch of tag events) share a query.
    this.#loading = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#drain())
      .finally(() => {
        this.#loading = null;
        // Queued after the loader's last look, before it let go.
        if (this.#pendingCount > 0 && !this.#closed) this.#startLoading();
      });
  }

  async #drain() {
    while (this.#pendingCount > 0 && !this.#closed) {
      const batch = this.#pending;
      this.#pending = new Map();
      this.#pendingCount = 0;
      for (const [advertiserId, ids] of batch)
        for (let start = 0; start < ids.length; start += this.#batchSize)
          await this.#loadSome(advertiserId, ids.slice(start, start + this.#batchSize));
    }
  }

  async #loadSome(advertiserId: number, ids: string[]) {
    let products: CatalogueProduct[];
    try {
      products = await this.#load(advertiserId, ids);
    } catch (error) {
      this.#onError(error);
      for (const id of ids) this.#queued.delete(keyOf(advertiserId, id));
      // The ids are asked again by their next lookup; meanwhile a failing database gets a rest.
      await new Promise((resolve) => setTimeout(resolve, this.#retryAfterMs).unref());
      return;
    }
    if (this.#closed) return;
    const found = new Map(products.map((product) => [product.id, product]));
    const loadedAt = this.#now();
    for (const id of ids) {
      const key = keyOf(advertiserId, id);
      const product = found.get(id) ?? null;
      this.#queued.delete(key);
      this.#entries.delete(key);
      this.#entries.set(key, {
        product,
        showable: product?.available === true && isWebLink(product.link),
        loadedAt,
      });
    }
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#max) break;
      this.#entries.delete(key);
    }
  }
}
