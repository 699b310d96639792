// What a person typed and the server does not hold yet, kept by this browser so a reload or a
// walk away loses nothing: restored on return, forgotten once saved. A stored record's draft is
// kept a week in localStorage under its uuid (only whoever holds the uuid opens it); a record
// not stored yet keeps its draft in sessionStorage, for this browser tab only, so the next person
// at a shared computer who starts an application never meets someone else's typing.
import { useEffect, useMemo, useRef } from 'react';
import type { Model } from '../../forms/contracts/application';
import { isFieldLocked } from '../../forms/locking';
import { diffModels } from '../../forms/model-diff';
import type { WizardActorRef } from './selectors';

export interface DraftChange {
  path: string;
  value: unknown;
}

interface StoredDraft {
  at: number;
  changes: DraftChange[];
}

const DRAFT_DAYS = 7;
const DRAFT_MS = DRAFT_DAYS * 24 * 60 * 60 * 1000;
/** The parts of the model the server keeps by itself: never typed, never restored. */
const NOT_TYPED = new Set(['uuid', 'avales', 'entidades_eliminadas', 'persona_completa']);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const topKey = (path: string) => path.split(/[.[]/, 1)[0];

/** The fields whose values differ from what the server holds ('' and an absent value are the same blank). */
export function unsavedChanges(values: Model, saved: Model): DraftChange[] {
  return diffModels(saved, values)
    .filter((difference) => !NOT_TYPED.has(topKey(difference.path)) && !(isBlank(difference.before) && isBlank(difference.after)))
    .map((difference) => ({ path: difference.path, value: difference.after }));
}

export interface DraftPlace {
  /** The wizard's base path: /pf, /avalpm… */
  base: string;
  uuid: string | null;
  /** A new guarantor's stored PM. */
  parentUuid: string | null;
}

const keyOf = ({ base, uuid, parentUuid }: DraftPlace) => `solicitud-borrador:${base}:${uuid ?? `nueva:${parentUuid ?? ''}`}`;

function storageOf(place: DraftPlace): Storage | null {
  try {
    return place.uuid ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage refused by the browser: nothing is kept
  }
}

function readDraft(place: DraftPlace): DraftChange[] {
  try {
    const stored = JSON.parse(storageOf(place)?.getItem(keyOf(place)) ?? 'null') as StoredDraft | null;
    if (!stored || !Array.isArray(stored.changes) || Date.now() - stored.at > DRAFT_MS) return [];
    return stored.changes.filter((change) => typeof change?.path === 'string');
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

export interface LocalDraft {
  /** The changes kept from an earlier visit that the person may still change, once: the first form shown restores them. */
  takeKept(): DraftChange[];
  /** Keeps what the form holds and the server does not (a moment later), or forgets the draft when the server holds it all. */
  keep(values: Model): void;
  /** Writes what `keep` was given now. */
  flush(): void;
  /** The form holds values the server does not. */
  unsaved(): boolean;
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

  const draft = useMemo<LocalDraft>(() => {
    const changes = () => (values.current ? unsavedChanges(values.current, actor.getSnapshot().context.saved) : []);
    const flush = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (values.current) writeDraft(placeRef.current, changes());
    };
    return {
      takeKept() {
        if (taken.current) return [];
        taken.current = true;
        const level = actor.getSnapshot().context.meta.editable;
        return readDraft(placeRef.current).filter((change) => !isFieldLocked(level, change.path));
      },
      keep(next) {
        values.current = next;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, KEEP_DELAY_MS);
      },
      flush,
      unsaved: () => changes().length > 0,
    };
  }, [actor]);

  // The first save gives the record its uuid: its draft moves from the tab's storage to the record's.
  const { base, uuid, parentUuid } = place;
  useEffect(() => {
    const before = placeRef.current;
    placeRef.current = { base, uuid, parentUuid };
    if (before.uuid !== uuid) {
      writeDraft(before, []);
      draft.flush();
    }
  }, [base, uuid, parentUuid, draft]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      draft.flush();
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
