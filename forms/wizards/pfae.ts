// The business-activity wizards: PFAE and its guarantor (avalpfae), built with PF's in natural-person.ts (the PFAE Empleo, spec 01 §5).
export {
  AVAL_PFAE_WIZARD,
  avalPfaeSchema,
  defaultAvalPfaeModel,
  defaultPfaeModel,
  PFAE_WIZARD,
  pfaeSchema,
  type AvalPfaeModel,
  type PfaeModel,
} from './natural-person';
