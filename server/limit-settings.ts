// The numbers behind the rate limits and the staff sign-in guard (the README's design notes say why each).
// Counted per client address; tests replace them with short windows through the config.

/** A group of routes that share one count per address. */
export type LimitGroup = 'token' | 'staffSignIn' | 'print' | 'signature' | 'documents' | 'ocr' | 'lookup' | 'save' | 'removal' | 'duplicateCheck' | 'pld' | 'pldReload';

export interface RouteLimit {
  max: number;
  windowSeconds: number;
}

export interface SignInGuardSettings {
  /** A key's failures are forgotten this long after its last failure. */
  windowSeconds: number;
  /** Per user name and per address: the failure from which each next try must wait, and the one that locks. */
  user: { delayAfter: number; lockAfter: number };
  address: { delayAfter: number; lockAfter: number };
  /** The first wait, doubled by every later failure up to the longest. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  lockSeconds: number;
  /** scrypt runs on libuv's threads: at most this many at once, and this many waiting, per process. */
  concurrentHashes: number;
  queuedHashes: number;
}

export interface LimitSettings {
  routes: Record<LimitGroup, RouteLimit>;
  /** A refusal is answered after this long, so a script that waits for answers sends few (at most `maxHeld` at once). */
  refusalDelayMs: number;
  maxHeld: number;
  signIn: SignInGuardSettings;
}

export const DEFAULT_LIMITS: LimitSettings = {
  routes: {
    token: { max: 60, windowSeconds: 60 },
    staffSignIn: { max: 30, windowSeconds: 60 },
    /** A packet's PDF takes about half a second of the server's time. */
    print: { max: 30, windowSeconds: 60 },
    /** A signed packet is up to 5 MB to read and check; each signer sends one. */
    signature: { max: 20, windowSeconds: 60 },
    /** Each signed policy is a row and a possible 10 MB upload; an applicant uploads a handful of documents. */
    documents: { max: 60, windowSeconds: 60 },
    /** A document's OCR takes about a second of a worker's time; the polls of a job are not counted. */
    ocr: { max: 20, windowSeconds: 60 },
    lookup: { max: 120, windowSeconds: 60 },
    save: { max: 120, windowSeconds: 60 },
    removal: { max: 30, windowSeconds: 60 },
    duplicateCheck: { max: 60, windowSeconds: 60 },
    pld: { max: 120, windowSeconds: 60 },
    pldReload: { max: 3, windowSeconds: 600 },
  },
  refusalDelayMs: 1000,
  maxHeld: 2000,
  signIn: {
    windowSeconds: 15 * 60,
    user: { delayAfter: 3, lockAfter: 10 },
    address: { delayAfter: 10, lockAfter: 30 },
    firstDelaySeconds: 1,
    maxDelaySeconds: 60,
    lockSeconds: 15 * 60,
    concurrentHashes: 1,
    queuedHashes: 32,
  },
};
