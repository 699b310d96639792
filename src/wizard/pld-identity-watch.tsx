// Tells the PLD review when a name, an RFC, a business name, a representative or the linked party
// changes in the form (spec 01 §4): the review schedules a new check, or drops a stale one.
import { useEffect, useRef } from 'react';
import { useFormState } from 'react-final-form';
import { pldIdentityKey } from '../../forms/pld-identity';
import type { Model } from '../../forms/contracts/application';
import type { PldReviewRef } from './pld-review-selectors';

export function PldIdentityWatch({ review }: { review: PldReviewRef | undefined }) {
  const { values } = useFormState<Model>({ subscription: { values: true } });
  const key = pldIdentityKey(values);
  // The identity the form opened with is the one the review already knows.
  const known = useRef(key);
  useEffect(() => {
    if (!review || key === known.current) return;
    known.current = key;
    review.send({ type: 'identity.changed', model: values });
  }, [review, key, values]);
  return null;
}
