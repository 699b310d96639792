import type { ReactNode, Ref } from 'react';
import { FieldSection } from './field-layout';

export interface GroupSectionProps {
  title: string;
  /** A control shown beside the title. Default none. */
  action?: ReactNode;
  children: ReactNode;
  /** The group's element, which can take the focus (tabIndex -1) but is not in the tab order. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A FieldSection that is also a group named by its title, so fields that repeat their labels
 * (the 'Nombre' of each representative, the 'Código postal' of each address) are told apart by
 * assistive technology.
 */
export function GroupSection({ title, action, children, ref }: GroupSectionProps) {
  return (
    <div role="group" aria-label={title} tabIndex={-1} ref={ref} className="group-section">
      <FieldSection title={title} action={action}>
        {children}
      </FieldSection>
    </div>
  );
}
