// A step refused for the tab's own checks says so at the top: 'Revisa 3 campos', each a link to
// its field (by the label the person reads, in the order they appear), and the first field takes
// the focus. It goes away once no field shows an error.
import { Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { selectShownErrorLines } from '../../machines/shown-errors';
import { fieldId } from '../components/fields/field-ids';
import { useShownErrorsActor } from '../components/fields/shown-errors-provider';
import type { WizardActorRef } from './selectors';

interface SummaryEntry {
  id: string;
  label: string;
  message: string;
}

/** The fields showing errors, as the page lays them out: a field not on the page (a hidden one) is left out. */
function entriesOf(lines: string): SummaryEntry[] {
  const found = lines
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const [name, message] = line.split('\t');
      const id = fieldId(name);
      const control = document.getElementById(id);
      if (!control) return [];
      const label = document.querySelector(`label[for="${id}"]`)?.firstChild?.textContent?.trim() || name;
      return [{ id, label, message, control }];
    });
  found.sort((a, b) => (a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return found.map(({ id, label, message }) => ({ id, label, message }));
}

export function ErrorSummary({ actor }: { actor: WizardActorRef }) {
  const lines = useSelector(useShownErrorsActor(), selectShownErrorLines);
  const [refused, setRefused] = useState(false);
  const [entries, setEntries] = useState<SummaryEntry[]>([]);
  const focusFirst = useRef(false);
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

  // The fields show their errors a moment after the refusal: the summary waits for them, and once
  // they are all corrected it is done until the next refusal.
  useLayoutEffect(() => {
    if (!refused) return;
    const next = entriesOf(lines);
    setEntries(next);
    // Only the refusal moves the focus, once: never an error the person makes later while typing.
    if (focusFirst.current) {
      focusFirst.current = false;
      if (next.length > 0) document.getElementById(next[0].id)?.focus();
    } else if (next.length === 0) setRefused(false);
  }, [refused, lines, round]);

  if (!refused || entries.length === 0) return null;
  return (
    <Callout intent="danger" role="alert" className="error-summary" title={entries.length === 1 ? 'Revisa 1 campo' : `Revisa ${entries.length} campos`}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(entry.id)?.focus();
              }}
            >
              {entry.label}
            </a>
            : {entry.message}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
