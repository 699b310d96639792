// A notice of the lab, drawn with Blueprint's callout classes rather than its Callout component:
// importing Callout from the lab's chunk made the bundler (rolldown 1.2, its open issue #10731:
// "module already loaded by the entry is emitted as a separate chunk") split Blueprint's core out
// of the home route's code, which then weighed 2.7 KB more (npm run bench:home-weight).
import { Classes, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function LabNotice({ intent, alert = false, className, children }: { intent: Intent; alert?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={[Classes.CALLOUT, Classes.intentClass(intent), className].filter(Boolean).join(' ')} role={alert ? 'alert' : undefined}>
      {children}
    </div>
  );
}
