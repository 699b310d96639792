// The natural-person wizards: PF (Física) and its guarantor (avalpf), built with PFAE's in natural-person.ts.
export { AVAL_PF_WIZARD, avalPfSchema, defaultAvalPfModel, defaultPfModel, PF_WIZARD, pfSchema, type AvalPfModel, type PfModel } from './natural-person';
