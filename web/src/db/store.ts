/**
 * A small promise layer over IndexedDB: what the `remit` database needs of Dexie (tables by key, one
 * index looked up by value, an auto-increment key, versioned upgrades, change notices for live reads) in
 * a tenth of its bytes, so the signed-in first screen can load it before it shows (an offline action
 * taken at once is queued, docs/decisions.md D-560). Dexie's on-disk layout is kept: its version N is
 * IndexedDB version 10·N and every index is named by its key path, so a database Dexie made opens here
 * and the other way round.
 */
export type Key = IDBValidKey;

/** The stores and indexes a version has; `upgrade` moves rows when an older version is opened. */
export interface Schema {
  version: number;
  stores: Record<string, { key: string; autoIncrement?: boolean; indexes: string[]; unique?: string[] }>;
  upgrade?: (transaction: IDBTransaction, fromVersion: number) => Promise<void>;
}

const DEXIE_FACTOR = 10;
const CHANNEL = 'remit-store-changes';

export function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves once `transaction` committed; a failed request aborts it (IndexedDB's default), so that rejects. */
function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new DOMException('Aborted', 'AbortError'));
  });
}

function abort(transaction: IDBTransaction): void {
  try {
    transaction.abort();
  } catch {
    // Already finished or aborting.
  }
}

/** Deletes every row of `store` whose `index` equals `value`, inside the caller's transaction. */
export async function deleteWhere(store: IDBObjectStore, index: string, value: Key): Promise<void> {
  const keys = await settle(store.index(index).getAllKeys(value));
  await Promise.all(keys.map((key) => settle(store.delete(key))));
}

export class Store {
  readonly name: string;
  readonly verno: number;
  private readonly schema: Schema;
  private opening: Promise<IDBDatabase> | null = null;
  private readonly listeners = new Set<(tables: string[]) => void>();
  private channel: BroadcastChannel | null = null;

  constructor(name: string, schema: Schema) {
    this.name = name;
    this.schema = schema;
    this.verno = schema.version;
  }

  get tables(): { name: string }[] {
    return Object.keys(this.schema.stores).map((name) => ({ name }));
  }

  open(): Promise<IDBDatabase> {
    this.opening ??= this.connect().catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  private async connect(): Promise<IDBDatabase> {
    const request = indexedDB.open(this.name, this.schema.version * DEXIE_FACTOR);
    let upgrading: Promise<void> = Promise.resolve();
    request.onupgradeneeded = (event) => {
      const transaction = request.transaction as IDBTransaction;
      upgrading = this.upgrade(transaction, event.oldVersion / DEXIE_FACTOR);
      upgrading.catch(() => abort(transaction));
    };
    const database = await settle(request);
    await upgrading;
    // Another tab opens a newer version: step aside, as Dexie does, so its upgrade is not blocked.
    database.onversionchange = () => this.close();
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(`${CHANNEL}:${this.name}`);
      this.channel.onmessage = (message: MessageEvent<string[]>) => this.emit(message.data);
    }
    return database;
  }

  private async upgrade(transaction: IDBTransaction, fromVersion: number): Promise<void> {
    const database = transaction.db;
    if (fromVersion > 0 && this.schema.upgrade) await this.schema.upgrade(transaction, fromVersion);
    for (const name of [...database.objectStoreNames]) {
      if (!(name in this.schema.stores)) database.deleteObjectStore(name);
    }
    for (const [name, definition] of Object.entries(this.schema.stores)) {
      const store = database.objectStoreNames.contains(name)
        ? transaction.objectStore(name)
        : database.createObjectStore(name, {
            keyPath: definition.key,
            autoIncrement: definition.autoIncrement ?? false,
          });
      for (const index of definition.indexes) {
        if (store.indexNames.contains(index)) continue;
        store.createIndex(index, index, { unique: definition.unique?.includes(index) ?? false });
      }
    }
  }

  close(): void {
    const opening = this.opening;
    this.opening = null;
    this.channel?.close();
    this.channel = null;
    void opening?.then((database) => database.close()).catch(() => {});
  }

  async delete(): Promise<void> {
    this.close();
    await settle(indexedDB.deleteDatabase(this.name));
  }

  table<T, K extends Key>(name: string): Table<T, K> {
    return new Table<T, K>(this, name);
  }

  /**
   * Runs `work` in one transaction over `tables` and resolves once it committed; a read-write one tells
   * every live read (here and in the other tabs) that those tables changed.
   */
  async run<R>(
    tables: string[],
    mode: IDBTransactionMode,
    work: (stores: IDBObjectStore[]) => Promise<R>,
  ): Promise<R> {
    const database = await this.open();
    const transaction = database.transaction(tables, mode);
    const done = finished(transaction);
    let result: R;
    try {
      result = await work(tables.map((name) => transaction.objectStore(name)));
    } catch (error) {
      abort(transaction);
      await done.catch(() => {});
      throw error;
    }
    await done;
    if (mode === 'readwrite') {
      this.emit(tables);
      this.channel?.postMessage(tables);
    }
    return result;
  }

  private emit(tables: string[]): void {
    for (const listener of this.listeners) listener(tables);
  }

  /**
   * A live read (Dexie's liveQuery): `read` runs now and again after every write to one of `tables`;
   * each answer goes to `next` in order. Returns the unsubscribe.
   */
  watch<T>(
    tables: string[],
    read: () => Promise<T>,
    next: (value: T) => void,
    error: (reason: unknown) => void,
  ): () => void {
    let active = true;
    let latest = 0;
    const refresh = () => {
      latest += 1;
      const call = latest;
      read().then(
        (value) => {
          if (active && call === latest) next(value);
        },
        (reason: unknown) => {
          if (active) error(reason);
        },
      );
    };
    const listener = (changed: string[]) => {
      if (changed.some((name) => tables.includes(name))) refresh();
    };
    this.listeners.add(listener);
    // Opened first, so a write in another tab reaches this one's channel.
    void this.open().catch(() => {});
    refresh();
    return () => {
      active = false;
      this.listeners.delete(listener);
    };
  }
}

export class Table<T, K extends Key> {
  constructor(
    private readonly store: Store,
    readonly name: string,
  ) {}

  private read<R>(work: (store: IDBObjectStore) => Promise<R>): Promise<R> {
    return this.store.run([this.name], 'readonly', ([store]) => work(store as IDBObjectStore));
  }

  private write<R>(work: (store: IDBObjectStore) => Promise<R>): Promise<R> {
    return this.store.run([this.name], 'readwrite', ([store]) => work(store as IDBObjectStore));
  }

  get(key: K): Promise<T | undefined> {
    return this.read((store) => settle(store.get(key)) as Promise<T | undefined>);
  }

  toArray(): Promise<T[]> {
    return this.read((store) => settle(store.getAll()) as Promise<T[]>);
  }

  count(): Promise<number> {
    return this.read((store) => settle(store.count()));
  }

  put(row: T): Promise<K> {
    return this.write((store) => settle(store.put(row)) as Promise<K>);
  }

  add(row: T): Promise<K> {
    return this.write((store) => settle(store.add(row)) as Promise<K>);
  }

  /** Changes some fields of the row with `key`; 1 if there was one, 0 (and nothing written) if not. */
  update(key: K, changes: Partial<T>): Promise<number> {
    return this.write(async (store) => {
      const row = await settle(store.get(key));
      if (row === undefined) return 0;
      await settle(store.put({ ...row, ...changes }));
      return 1;
    });
  }

  delete(key: K): Promise<void> {
    return this.write((store) => settle(store.delete(key)).then(() => undefined));
  }

  clear(): Promise<void> {
    return this.write((store) => settle(store.clear()).then(() => undefined));
  }

  /** The rows whose `index` equals a value. */
  where(index: keyof T & string) {
    return {
      equals: (value: Key) => ({
        toArray: () => this.read((store) => settle(store.index(index).getAll(value)) as Promise<T[]>),
        /** Ascending by `field`, as Dexie's `sortBy`. */
        sortBy: async (field: keyof T & string) => {
          const rows = (await this.read((store) => settle(store.index(index).getAll(value)))) as T[];
          return rows.sort((a, b) => indexedDB.cmp(a[field] as Key, b[field] as Key));
        },
        delete: () => this.write((store) => deleteWhere(store, index, value)),
      }),
    };
  }
}
