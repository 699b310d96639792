// A list of the model (representatives, shareholders, suppliers): each item in its own titled,
// numbered section with 'Quitar' beside its title, and 'Agregar …' at the end, within the bounds the
// list's schema sets. Both buttons follow the editable level; what a removal records is decided in
// forms/list-items.
import { Button } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { useField, useForm } from 'react-final-form';
import { onItemAdded, onItemRemoved, type ItemBounds } from '../../../../forms/list-items';
import { canAddOrRemoveItems } from '../../../../forms/locking';
import { useEditableLevel } from '../../../components/fields/form-lock';
import { useFieldChanges } from '../../../components/fields/use-field-changes';
import { GroupSection } from '../group-section';

export interface ItemListProps {
  /** The list's model path, e.g. `representantes`. */
  name: string;
  /** The heading of the item at `position` (1-based), e.g. `Representante legal 2`. */
  itemTitle: (position: number) => string;
  /** The add button's text, e.g. `Agregar representante legal`. */
  addText: string;
  /** What the list asks for, shown above it, e.g. 'Quita los que no necesites.'. Default none. */
  hint?: string;
  /** A new blank item (the schema's default). */
  blank: () => unknown;
  /** The fewest and most items (from the list's schema): 'Quitar' hides at the fewest, 'Agregar' at the most. */
  bounds: ItemBounds;
  /** The fields of the item whose path is `prefix` (`representantes[0]`). */
  renderItem: (prefix: string, index: number) => ReactNode;
}

const FIELDS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function ItemList({ name, itemTitle, addText, hint, blank, bounds, renderItem }: ItemListProps) {
  const form = useForm();
  const { apply, values } = useFieldChanges();
  const changeable = canAddOrRemoveItems(useEditableLevel());
  const items = useField<unknown[]>(name, { subscription: { value: true } }).input.value;
  const count = Array.isArray(items) ? items.length : 0;

  // Keyboard users keep their place: after adding, the new item's first field takes the focus;
  // after removing, the first field of the item now in that place, or the add button when none follows.
  const groups = useRef<(HTMLDivElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    const group = index < count ? groups.current[index] : null;
    if (group) (group.querySelector<HTMLElement>(FIELDS) ?? group).focus();
    else (addButton.current ?? groups.current[count - 1])?.focus();
  }, [count]);

  const add = () => {
    pendingFocus.current = count;
    apply(onItemAdded(values(), name, blank()));
  };
  const remove = (index: number) => {
    pendingFocus.current = index;
    apply(onItemRemoved(values(), form.getState().initialValues as Record<string, unknown>, name, index));
  };

  return (
    <div className="item-list">
      {hint && changeable && <p className="item-list-hint">{hint}</p>}
      {Array.from({ length: count }, (_, index) => {
        const title = itemTitle(index + 1);
        return (
          <GroupSection
            key={`${name}[${index}]`}
            title={title}
            ref={(element) => {
              groups.current[index] = element;
            }}
            action={
              changeable &&
              count > bounds.min && (
                <Button icon={<Trash />} intent="danger" variant="minimal" text="Quitar" aria-label={`Quitar ${title.toLowerCase()}`} onClick={() => remove(index)} />
              )
            }
          >
            {renderItem(`${name}[${index}]`, index)}
          </GroupSection>
        );
      })}
      {changeable &&
        (count < bounds.max ? (
          <Button ref={addButton} icon={<Plus />} intent="primary" variant="outlined" text={addText} onClick={add} />
        ) : (
          <p className="item-list-hint">{`Se pueden capturar hasta ${bounds.max}.`}</p>
        ))}
    </div>
  );
}
