// A catalogue entry ({id, nombre} object) picked by typing any word of its name, with Blueprint's
// Suggest: the model keeps the whole entry. The list opens when the person types, presses
// ArrowDown or clicks, never on a mere Tab; Enter picks, Escape closes, and the focus stays in the
// field after either (Blueprint's Suggest would leave it on the page body).
import { Classes, Intent, Menu } from '@blueprintjs/core';
import { Suggest, type ItemListRendererProps, type ItemRendererProps } from '@blueprintjs/select';
import { useMemo, useRef, useState } from 'react';
import { indexCatalog, searchCatalog } from './catalog-search';
import { FieldFrame } from './field-frame';
import { useFieldWiring } from './use-field-wiring';

/** How many matches the list shows at most; the person types more words to narrow it. */
export const SHOWN_MATCHES_MAX = 50;

export interface CatalogSuggestProps<T> {
  name: string;
  label: string;
  entries: T[];
  /** A stable function (defined once, outside the component): the search index is built per list. */
  idOf: (entry: T) => number;
  /** A stable function, like `idOf`. */
  nameOf: (entry: T) => string;
  disabled: boolean;
  /** Waits on another field (its list depends on it): disabled, and showing no error until then. */
  waiting?: boolean;
  /** The list is loading. */
  busy: boolean;
  onPick?: (entry: T | null) => void;
}

const matchesText = (total: number) => (total === 1 ? '1 coincidencia' : `${total.toLocaleString('es-MX')} coincidencias`);

export function CatalogSuggest<T>({ name, label, entries, idOf, nameOf, disabled, waiting, busy, onPick }: CatalogSuggestProps<T>) {
  const { input, error, id, control } = useFieldWiring<T | null>(name, { disabled, waiting });
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<T | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const suggestRef = useRef<Suggest<T>>(null);

  const index = useMemo(() => indexCatalog(entries, nameOf), [entries, nameOf]);
  const { shown, total } = useMemo(() => searchCatalog(index, query, SHOWN_MATCHES_MAX), [index, query]);
  const listId = `${id}-opciones`;
  const optionId = (entry: T) => `${listId}-${idOf(entry)}`;
  const selected = input.value || null;
  const refocus = () => inputRef.current?.focus();
  // Blueprint blurs the input on Escape; that blur is not the person leaving the field.
  const escaping = useRef(false);

  // Options of plain markup with Blueprint's look: a MenuItem puts a focusable link inside each
  // option and its id on the link, where the input's aria-activedescendant cannot point.
  const renderItem = (entry: T, { handleClick, modifiers, ref }: ItemRendererProps) => {
    const isSelected = selected !== null && idOf(selected) === idOf(entry);
    return (
      <li key={idOf(entry)} id={optionId(entry)} ref={ref} role="option" aria-selected={isSelected} onClick={handleClick}>
        <div className={[Classes.MENU_ITEM, modifiers.active && Classes.ACTIVE, isSelected && Classes.SELECTED].filter(Boolean).join(' ')}>
          <span className={Classes.FILL}>{nameOf(entry)}</span>
        </div>
      </li>
    );
  };

  const renderList = ({ filteredItems, itemsParentRef, renderItem: render }: ItemListRendererProps<T>) => (
    <div className="catalog-suggest-list">
      <Menu role="listbox" id={listId} aria-label={`Opciones de ${label}`} ulRef={itemsParentRef}>
        {filteredItems.length > 0 ? (
          filteredItems.map(render)
        ) : (
          <li role="option" aria-selected={false} aria-disabled="true">
            <div className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`}>{busy ? 'Cargando…' : 'Sin coincidencias'}</div>
          </li>
        )}
      </Menu>
      {total > shown.length && <p className="catalog-suggest-more">{`Se muestran ${shown.length} de ${total}. Sigue escribiendo para ver más.`}</p>}
    </div>
  );

  return (
    <FieldFrame id={id} label={label} error={error}>
      <Suggest<T>
        ref={suggestRef}
        items={shown}
        query={query}
        onQueryChange={setQuery}
        itemsEqual={(a, b) => idOf(a) === idOf(b)}
        itemRenderer={renderItem}
        itemListRenderer={renderList}
        inputValueRenderer={nameOf}
        selectedItem={selected}
        onActiveItemChange={(entry) => setActive(entry)}
        onItemSelect={(entry) => {
          input.onChange(entry);
          input.onBlur();
          setQuery('');
          onPick?.(entry);
          refocus();
        }}
        openOnKeyDown
        fill
        disabled={control.disabled || (entries.length === 0 && !selected)}
        popoverProps={{
          minimal: true,
          matchTargetWidth: true,
          onOpening: () => setOpen(true),
          onClosing: () => {
            setOpen(false);
            setQuery('');
          },
        }}
        inputProps={{
          id,
          name,
          inputRef,
          placeholder: busy ? 'Cargando…' : 'Escribe para buscar',
          intent: error ? Intent.DANGER : Intent.NONE,
          'aria-invalid': control['aria-invalid'],
          'aria-describedby': control['aria-describedby'],
          'aria-busy': busy || undefined,
          'aria-controls': listId,
          'aria-activedescendant': open && active ? optionId(active) : undefined,
          onFocus: control.onFocus,
          onBlur: () => {
            if (!escaping.current) input.onBlur();
          },
          // Blueprint opens the list on a key only (openOnKeyDown); a click opens it too.
          onClick: () => suggestRef.current?.setState({ isOpen: true }),
          onKeyDownCapture: (event) => {
            // Blueprint selects the field's text one animation frame after the focus; on a busy
            // machine a fast typist's first letter is in by then and the next one replaced it
            // ('exico'). A key pressed before that frame cancels it: what is typed is kept.
            suggestRef.current?.cancelAnimationFrames();
            // Blueprint's Escape leaves the field: the person stays in it.
            escaping.current = event.key === 'Escape';
          },
          onKeyDown: (event) => {
            if (event.key !== 'Escape') return;
            refocus();
            escaping.current = false;
          },
        }}
      />
      <span className="sr-only" aria-live="polite">
        {open && query.trim() ? matchesText(total) : ''}
      </span>
    </FieldFrame>
  );
}
