// An e-mail address that may wrap where a reader expects it: after the '@' and before each dot
// ('carlos.garcia@' over 'example.com', not 'example.co' over 'm'). The staff lists and the outbox
// show addresses in narrow columns and on cards.
import { Fragment } from 'react';

export function EmailText({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
