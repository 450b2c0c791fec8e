/**
 * A small key-value store in IndexedDB (one database, one object store): what the browser keeps
 * across reloads and lost connections, such as the check-in screen's ticket list and queue.
 * `update` reads and writes one key in one transaction, so two updates never interleave.
 */
const databaseName = 'event-admin';
const storeName = 'kv';

let opened: Promise<IDBDatabase> | undefined;

function database() {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => {
      // Another tab deleting the database (a sign-out there) is not held up by this one.
      request.result.onversionchange = () => {
        request.result.close();
        opened = undefined;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
  opened.catch(() => (opened = undefined));
  return opened;
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T> {
  const tx = (await database()).transaction(storeName, mode);
  const result = work(tx.objectStore(storeName));
  return new Promise<T>((resolve, reject) => {
    tx.oncomplete = () => resolve(result());
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function idbGet<T>(key: string): Promise<T | undefined> {
  return transact('readonly', (store) => {
    const request = store.get(key);
    return () => request.result as T | undefined;
  });
}

/** Writes `change(current)` under `key` (undefined deletes it) and returns what was written. */
export function idbUpdate<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined> {
  return transact('readwrite', (store) => {
    let next: T | undefined;
    const request = store.get(key);
    request.onsuccess = () => {
      next = change(request.result as T | undefined);
      if (next === undefined) store.delete(key);
      else store.put(next, key);
    };
    return () => next;
  });
}

/** The keys that start with `prefix`. */
export function idbKeys(prefix: string): Promise<string[]> {
  return transact('readonly', (store) => {
    const request = store.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
    return () => request.result.map(String);
  });
}

/**
 * Deletes the whole database (sign-out: what the door kept holds attendees' names). This tab's
 * connection is closed first, or the deletion would wait for it.
 */
export async function idbDeleteAll(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) (await current.catch(() => undefined))?.close();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(databaseName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be deleted'));
  });
}
