// What a person typed and the server does not hold yet, kept by this browser so a reload or a
// walk away loses nothing: restored on return, forgotten once saved. A stored record's draft is
// kept a week in localStorage under its uuid (only whoever holds the uuid opens it); a record
// not stored yet, and any record a staff session opens, keep theirs in sessionStorage, for this
// browser tab only, so the next person at a shared computer never meets someone else's typing.
import { useEffect, useMemo, useRef } from 'react';
import { getIn } from 'final-form';
import type { Model } from '../../forms/contracts/application';
import { isFieldLocked } from '../../forms/locking';
import { overtaken, stillApplies, unsavedChanges, type UnsavedChange } from '../../forms/unsaved-changes';
import type { WizardActorRef } from './selectors';

export type DraftChange = UnsavedChange;

interface StoredDraft {
  at: number;
  changes: DraftChange[];
}

const PREFIX = 'solicitud-borrador:';
const DRAFT_DAYS = 7;
const DRAFT_MS = DRAFT_DAYS * 24 * 60 * 60 * 1000;

export interface DraftPlace {
  /** The wizard's base path: /pf, /avalpm… */
  base: string;
  uuid: string | null;
  /** A new guarantor's stored PM. */
  parentUuid: string | null;
  /** A staff session: its drafts stay in this browser tab, never for the next person at the computer. */
  staff: boolean;
}

const TAB_KEY = 'solicitud-pestana';

/**
 * This browser tab's name, kept by the tab (sessionStorage outlives a reload): two tabs on one
 * record keep a draft each, neither writing over the other's.
 */
function tabName(): string {
  try {
    const known = window.sessionStorage.getItem(TAB_KEY);
    if (known) return known;
    const made = Math.random().toString(36).slice(2, 10);
    window.sessionStorage.setItem(TAB_KEY, made);
    return made;
  } catch {
    return 'pestana';
  }
}

/** Where a record's drafts are kept, one per browser tab (a draft kept before tabs were told apart has no tab name). */
const recordKey = ({ base, uuid }: DraftPlace) => `${PREFIX}${base}:${uuid}`;

const keyOf = (place: DraftPlace) =>
  place.uuid && !place.staff ? `${recordKey(place)}:${tabName()}` : `${PREFIX}${place.base}:${place.uuid ?? `nueva:${place.parentUuid ?? ''}`}`;

function storageOf(place: Pick<DraftPlace, 'uuid' | 'staff'>): Storage | null {
  try {
    return place.uuid && !place.staff ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage refused by the browser: nothing is kept
  }
}

function parseDraft(text: string | null): StoredDraft | null {
  try {
    const stored = JSON.parse(text ?? 'null') as StoredDraft | null;
    if (!stored || typeof stored.at !== 'number' || !Array.isArray(stored.changes) || Date.now() - stored.at > DRAFT_MS) return null;
    return { at: stored.at, changes: stored.changes.filter((change) => typeof change?.path === 'string' && 'before' in change) };
  } catch {
    return null;
  }
}

/**
 * The draft to offer: this tab's own; else, for a stored record, the newest another tab left (a
 * person coming back in a new tab), which this tab takes over: its key is deleted, and the values
 * are kept under this tab's from the form on.
 */
function readDraft(place: DraftPlace): DraftChange[] {
  const storage = storageOf(place);
  if (!storage) return [];
  const own = parseDraft(storage.getItem(keyOf(place)));
  if (own || !place.uuid || place.staff) return own?.changes ?? [];
  try {
    const prefix = recordKey(place);
    const others = Object.keys(storage)
      .filter((key) => key === prefix || key.startsWith(`${prefix}:`))
      .flatMap((key) => {
        const draft = parseDraft(storage.getItem(key));
        return draft ? [{ key, draft }] : [];
      })
      .sort((a, b) => b.draft.at - a.draft.at);
    const newest = others[0];
    if (!newest) return [];
    storage.removeItem(newest.key);
    return newest.draft.changes;
  } catch {
    return [];
  }
}

function writeDraft(place: DraftPlace, changes: DraftChange[]) {
  try {
    const storage = storageOf(place);
    if (changes.length === 0) storage?.removeItem(keyOf(place));
    else storage?.setItem(keyOf(place), JSON.stringify({ at: Date.now(), changes } satisfies StoredDraft));
  } catch {
    // a full or refused storage keeps nothing; the form still holds the values
  }
}

/** Drafts older than a week are deleted, not only left unread. */
function sweepExpiredDrafts() {
  const storage = storageOf({ uuid: 'any', staff: false });
  if (!storage) return;
  try {
    for (const key of Object.keys(storage)) {
      if (!key.startsWith(PREFIX)) continue;
      const at = (JSON.parse(storage.getItem(key) ?? 'null') as StoredDraft | null)?.at;
      if (typeof at !== 'number' || Date.now() - at > DRAFT_MS) storage.removeItem(key);
    }
  } catch {
    // an unreadable storage keeps what it has
  }
}

/** A kept change of a field another session saved since it was typed, with what the server holds now. */
export interface OvertakenChange extends DraftChange {
  now: unknown;
}

export interface LocalDraft {
  /** The changes kept from an earlier visit over the values they were typed over, once: the first form shown restores them. */
  takeKept(): DraftChange[];
  /**
   * The kept changes of fields another session saved since, offered until the person answers (every
   * tab's form shows the offer; the draft keeps them meanwhile, a reload offers them again).
   */
  offered(): OvertakenChange[];
  /** The offer answered ('Usar lo que escribí' puts them in the form, which keeps them from then on; or left). */
  answerOffer(): void;
  /** Keeps what the form holds and the server does not (a moment later), or forgets the draft when the server holds it all. */
  keep(values: Model): void;
  /** Writes what `keep` was given now. */
  flush(): void;
  /** The form holds values the server does not. */
  unsaved(): boolean;
  /** Opens the page again, its draft written first and the browser's warning not asked. */
  reload(): void;
}

const KEEP_DELAY_MS = 300;

/**
 * The draft of the wizard `actor` runs, with a warning from the browser before the page is left
 * (a reload, a closed tab, another address) while values are unsaved.
 */
export function useLocalDraft(actor: WizardActorRef, place: DraftPlace): LocalDraft {
  const placeRef = useRef(place);
  const values = useRef<Model | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const taken = useRef(false);
  const reloading = useRef(false);
  const offer = useRef<OvertakenChange[]>([]);

  const draft = useMemo<LocalDraft>(() => {
    const changes = () => (values.current ? unsavedChanges(values.current, actor.getSnapshot().context.saved) : []);
    /** What the draft holds: the form's unsaved changes, and the offer not answered yet (as it was typed, not what the server holds). */
    const kept = () => {
      const typed = changes();
      const offered = offer.current.filter((change) => !typed.some((other) => other.path === change.path)).map(({ path, before, value }) => ({ path, before, value }));
      return [...typed, ...offered];
    };
    const flush = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (values.current) writeDraft(placeRef.current, kept());
    };
    return {
      takeKept() {
        if (taken.current) return [];
        taken.current = true;
        const { meta, saved } = actor.getSnapshot().context;
        // Never over a field now locked; over a value the server changed since it was typed only if the person says so.
        const open = readDraft(placeRef.current).filter((change) => !isFieldLocked(meta.editable, change.path));
        offer.current = open.filter((change) => overtaken(change, saved)).map((change) => ({ ...change, now: getIn(saved, change.path) }));
        return open.filter((change) => stillApplies(change, saved));
      },
      offered: () => offer.current,
      answerOffer() {
        offer.current = [];
        flush();
      },
      keep(next) {
        values.current = next;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, KEEP_DELAY_MS);
      },
      flush,
      unsaved: () => kept().length > 0,
      reload() {
        flush();
        reloading.current = true;
        window.location.reload();
      },
    };
  }, [actor]);

  // The first save gives the record its uuid: its draft moves from the tab's storage to the record's.
  const { base, uuid, parentUuid, staff } = place;
  useEffect(() => {
    const before = placeRef.current;
    placeRef.current = { base, uuid, parentUuid, staff };
    if (before.uuid !== uuid) {
      writeDraft(before, []);
      draft.flush();
    }
  }, [base, uuid, parentUuid, staff, draft]);

  useEffect(sweepExpiredDrafts, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      draft.flush();
      if (reloading.current) return;
      if (actor.getSnapshot().status === 'active' && draft.unsaved()) {
        event.preventDefault();
        event.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      draft.flush();
    };
  }, [actor, draft]);

  return draft;
}
