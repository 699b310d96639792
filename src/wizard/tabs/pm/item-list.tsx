// A list of the model (representatives, shareholders, suppliers): each item in its own titled,
// numbered section with 'Eliminar', and 'Agregar …' at the end. Both buttons follow the editable
// level; what a removal records is decided in forms/list-items.
import { Button } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { useField, useForm } from 'react-final-form';
import { onItemAdded, onItemRemoved } from '../../../../forms/list-items';
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
  /** A new blank item (the schema's default). */
  blank: () => unknown;
  /** The fewest items; the remove buttons hide at that count. Default 0. */
  minItems?: number;
  /** The fields of the item whose path is `prefix` (`representantes[0]`). */
  renderItem: (prefix: string, index: number) => ReactNode;
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

export function ItemList({ name, itemTitle, addText, blank, minItems = 0, renderItem }: ItemListProps) {
  const form = useForm();
  const { apply, values } = useFieldChanges();
  const changeable = canAddOrRemoveItems(useEditableLevel());
  const items = useField<unknown[]>(name, { subscription: { value: true } }).input.value;
  const count = Array.isArray(items) ? items.length : 0;

  // Keyboard users keep their place: after adding, the new item's first field takes the focus;
  // after removing, the item now in that place (or the add button when none is left).
  const groups = useRef<(HTMLDivElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<{ index: number; firstField: boolean } | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const group = groups.current[Math.min(target.index, count - 1)];
    if (!group) addButton.current?.focus();
    else if (target.firstField) (group.querySelector<HTMLElement>(FOCUSABLE) ?? group).focus();
    else group.focus();
  }, [count]);

  const add = () => {
    pendingFocus.current = { index: count, firstField: true };
    apply(onItemAdded(values(), name, blank()));
  };
  const remove = (index: number) => {
    pendingFocus.current = { index, firstField: false };
    apply(onItemRemoved(values(), form.getState().initialValues as Record<string, unknown>, name, index));
  };

  return (
    <div className="item-list">
      {Array.from({ length: count }, (_, index) => {
        const title = itemTitle(index + 1);
        return (
          <GroupSection
            key={`${name}[${index}]`}
            title={title}
            ref={(element) => {
              groups.current[index] = element;
            }}
          >
            {renderItem(`${name}[${index}]`, index)}
            {changeable && count > minItems && (
              <Button
                icon={<Trash />}
                intent="danger"
                variant="outlined"
                text="Eliminar"
                aria-label={`Eliminar ${title.toLowerCase()}`}
                onClick={() => remove(index)}
              />
            )}
          </GroupSection>
        );
      })}
      {changeable && <Button ref={addButton} icon={<Plus />} intent="primary" variant="outlined" text={addText} onClick={add} />}
    </div>
  );
}
