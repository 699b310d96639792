import { H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface FieldSectionProps {
  title: string;
  /** A control shown beside the title (a list item's 'Quitar'). Default none. */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled group of fields inside a tab. */
export function FieldSection({ title, action, children }: FieldSectionProps) {
  const heading = <H3 className="field-section-title">{title}</H3>;
  return (
    <section className="field-section">
      {action ? (
        <div className="field-section-header">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** Fields side by side on wide screens, one per row on small ones. */
export const FieldGrid = ({ children }: { children: ReactNode }) => <div className="field-grid">{children}</div>;
