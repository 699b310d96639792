// A refused step says so at the top: 'Revisa 3 campos', each field named as its form labels it (and
// the group it is in), a link to it in the order the page lays them out, and the first field takes
// the focus. The tab's own checks and the server's per-field refusals are one list. The count is
// announced once per refusal (the alert empties a few seconds later); the list then follows the
// corrections silently and goes away once no field is wrong.
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Model } from '../../forms/contracts/application';
import { fieldLabelIn, groupTitleOf } from '../../forms/field-labels';
import { selectShownErrorLines } from '../../machines/shown-errors';
import { fieldId } from '../components/fields/field-ids';
import { TitledCallout } from '../components/titled-callout';
import { useShownErrorsActor } from '../components/fields/shown-errors-provider';
import type { WizardActorRef } from './selectors';

interface SummaryEntry {
  path: string;
  /** The field's id when it is on the page: the entry links to it. */
  id: string | null;
  label: string;
  message: string;
}

export interface ErrorSummaryProps {
  actor: WizardActorRef;
  /** The server's refusal of the last save, by field path. */
  serverErrors: Record<string, string>;
  values: Model;
  /** A legal entity's form (its name is the 'Razón social'). */
  company: boolean;
}

const countText = (count: number) => (count === 1 ? 'Revisa 1 campo' : `Revisa ${count} campos`);
/**
 * How long the refusal's count stays in the alert once announced: then it is emptied, so a screen
 * reader met later never reads a count the corrections made stale, and the next refusal, even of the
 * same count, is a change the screen reader announces.
 */
const ANNOUNCEMENT_MS = 5000;

/**
 * The fields showing errors, then the server's refusals of fields that show none, in page order. A
 * field of the tab's checks that is not on the page (a hidden one) is left out; a refused field
 * that is not on the page is listed last, without a link.
 */
function entriesOf(lines: string, serverErrors: Record<string, string>, values: Model, company: boolean): SummaryEntry[] {
  const shown = new Map(lines.split('\n').filter(Boolean).map((line) => line.split('\t') as [string, string]));
  const refused = Object.entries(serverErrors).filter(([path]) => !shown.has(path));
  const entries = [...shown, ...refused].flatMap(([path, message]) => {
    const control = document.getElementById(fieldId(path));
    if (!control && shown.has(path)) return [];
    const label = fieldLabelIn(path, values, company) ?? path;
    const group = groupTitleOf(path);
    return [{ path, id: control?.id ?? null, label: group ? `${group} › ${label}` : label, message, control }];
  });
  entries.sort((a, b) => {
    if (!a.control || !b.control) return a.control ? -1 : b.control ? 1 : 0;
    return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return entries.map(({ control: _control, ...entry }) => entry);
}

export function ErrorSummary({ actor, serverErrors, values, company }: ErrorSummaryProps) {
  const lines = useSelector(useShownErrorsActor(), selectShownErrorLines);
  const [refused, setRefused] = useState(false);
  const [entries, setEntries] = useState<SummaryEntry[]>([]);
  /** The refusal's count while it is announced, with the refusal it belongs to. */
  const [announced, setAnnounced] = useState<{ text: string; round: number } | null>(null);
  const focusFirst = useRef(false);
  /** The field to focus once the entries naming it are drawn. */
  const focusAfterShown = useRef<{ id: string; entries: SummaryEntry[] } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    // After the fields have taken the refusal (the form's submit shows every error): an error shown
    // before it must not be taken for the first one.
    const asked = actor.on('fieldsRefused', () => {
      clearTimeout(later);
      later = setTimeout(() => {
        focusFirst.current = true;
        setRefused(true);
        setRound((round) => round + 1);
      });
    });
    return () => {
      clearTimeout(later);
      asked.unsubscribe();
    };
  }, [actor]);

  // A server refusal is a refusal of its own.
  useEffect(() => {
    if (Object.keys(serverErrors).length === 0) return;
    focusFirst.current = true;
    setRefused(true);
    setRound((round) => round + 1);
  }, [serverErrors]);

  // The fields show their errors a moment after the refusal: the summary waits for them, and once
  // they are all corrected it is done until the next refusal.
  useLayoutEffect(() => {
    if (!refused) return;
    const next = entriesOf(lines, serverErrors, values, company);
    setEntries(next);
    // Only the refusal moves the focus and is announced, once: never an error the person makes
    // later while typing, nor the count going down as they correct.
    if (focusFirst.current) {
      focusFirst.current = false;
      if (next.length > 0) setAnnounced({ text: countText(next.length), round });
      const first = next.find((entry) => entry.id !== null);
      focusAfterShown.current = first ? { id: first.id!, entries: next } : null;
    } else if (next.length === 0) setRefused(false);
  }, [refused, lines, serverErrors, values, company, round]);

  // The first field takes the focus once the summary it is listed in is on the page: focused
  // before, it is scrolled into view and then pushed down by the summary drawn above it (out of
  // sight at 360 px, under a list of 11 fields).
  useLayoutEffect(() => {
    const pending = focusAfterShown.current;
    if (!pending || pending.entries !== entries) return;
    focusAfterShown.current = null;
    document.getElementById(pending.id)?.focus();
  }, [entries]);

  useEffect(() => {
    if (!announced) return;
    const done = setTimeout(() => setAnnounced(null), ANNOUNCEMENT_MS);
    return () => clearTimeout(done);
  }, [announced]);

  const shown = refused && entries.length > 0;
  return (
    <>
      <span className="sr-only" role="alert" id="error-summary-announcement">
        {/* A node of its own per refusal: the same count again is a new text, announced again. */}
        {shown && announced ? <span key={announced.round}>{announced.text}</span> : null}
      </span>
      {shown && (
        <TitledCallout
          level={3}
          intent="danger"
          className="error-summary"
          role="region"
          aria-labelledby="error-summary-title"
          titleId="error-summary-title"
          title={countText(entries.length)}
        >
          <ul>
            {entries.map((entry) => (
              <li key={entry.path}>
                {entry.id ? (
                  <a
                    href={`#${entry.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(entry.id!)?.focus();
                    }}
                  >
                    {entry.label}
                  </a>
                ) : (
                  entry.label
                )}
                : {entry.message}
              </li>
            ))}
          </ul>
        </TitledCallout>
      )}
    </>
  );
}
