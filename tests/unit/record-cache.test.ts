// The record cache of server/applications is bounded in bytes as well as in entries (issue 12,
// finding 3): a few very large records cannot make it hold gigabytes.
import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../server/applications/byte-bounded-cache';

const text = (chars: number) => 'x'.repeat(chars);

describe('the byte-bounded record cache', () => {
  it('drops the least recently used entries once their bytes pass the bound', () => {
    const cache = new ByteBoundedCache<string>({ maxEntries: 2_000, maxBytes: 1_000 }, (value) => value.length);
    for (let i = 0; i < 10; i++) cache.set(`r${i}`, text(300));
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(3);
    expect(cache.get('r9')).toBeDefined();
    expect(cache.get('r0')).toBeUndefined();
  });

  it('keeps the entry read last when making room', () => {
    const cache = new ByteBoundedCache<string>({ maxEntries: 2_000, maxBytes: 1_000 }, (value) => value.length);
    cache.set('a', text(400));
    cache.set('b', text(400));
    cache.get('a');
    cache.set('c', text(400));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('never keeps an entry larger than the whole budget, and replacing an entry counts it once', () => {
    const cache = new ByteBoundedCache<string>({ maxEntries: 2_000, maxBytes: 1_000 }, (value) => value.length);
    cache.set('small', text(100));
    cache.set('huge', text(5_000));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('small', text(200));
    expect(cache.bytes).toBe(200);
    cache.delete('small');
    expect(cache.bytes).toBe(0);
  });

  it('is still bounded in entries', () => {
    const cache = new ByteBoundedCache<string>({ maxEntries: 5, maxBytes: 1e9 }, (value) => value.length);
    for (let i = 0; i < 50; i++) cache.set(`r${i}`, 'x');
    expect(cache.size).toBe(5);
  });

  it('800 records of about 1 MB each stay within a 32 MB budget (the issue’s reproduction raised RSS by 1.3 GB)', () => {
    const cache = new ByteBoundedCache<{ data: string }>({ maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 }, (row) => 2 * row.data.length + 1024);
    const record = text(950_000);
    for (let i = 0; i < 800; i++) cache.set(`r${i}`, { data: record });
    expect(cache.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(cache.size).toBeLessThan(20);
  });
});
