// What a wizard is to the forms: its code, person type and classification, its tabs (each with its
// schema and field list) and the full schema that joins them, with a fresh default model.
import { object, type AnyObject, type InferType, type ObjectSchema, type ObjectShape } from 'yup';
import type { Classification, PersonType } from '../options';
import { fieldList } from '../schema/field-list';
import type { WizardCode } from '../contracts/application';


export interface TabDefinition {
  /** Stable key of the tab (the spec's pm* names for PM). */
  key: string;
  /** Spanish title, from TAB_TITLES. */
  title: string;
  /** Validates the tab's part of a whole model (other keys are ignored). */
  schema: ObjectSchema<AnyObject>;
  /** The model paths the tab owns, e.g. 'fisica.curp', 'representantes[].rfc'. */
  fields: readonly string[];
  /** Tabs whose validation always passes (Avales). */
  alwaysValid?: boolean;
  /**
   * The top-level model keys of other tabs this tab's rules read (through `context.from` or a
   * root-level parent): a change to any of them validates this tab again on a draft's save
   * (server/validation/validate-write.ts). None today; a rule that starts reading another tab must
   * be declared here.
   */
  reads?: readonly string[];
  /** Rules that read the session (yup `context`, e.g. the staff-only shareholder total): validated again on every staff save. */
  readsSession?: boolean;
}

type TabOptions = Pick<TabDefinition, 'alwaysValid' | 'reads' | 'readsSession'>;

export interface WizardDefinition<S extends ObjectSchema<AnyObject>> {
  /** The wizard's name in routes: pf, pfae, pm, avalpf, avalpfae, avalpm. */
  name: string;
  /** The backing resource of spec §7. */
  code: WizardCode;
  tipo_persona: PersonType;
  clasificacion: Classification;
  tabs: readonly TabDefinition[];
  /** The whole model: record fields plus every tab. */
  schema: S;
  /** A fresh default model. */
  defaults(): InferType<S>;
}

/** The index of the tab owning a model path ('representantes[0].rfc' is 'representantes[].rfc'), or null. */
export function tabOfField(tabs: readonly TabDefinition[], path: string): number | null {
  const field = path.replace(/\[\d+\]/g, '[]');
  const index = tabs.findIndex((tab) => tab.fields.some((owned) => owned === field || field.startsWith(`${owned}.`) || owned.startsWith(`${field}.`)));
  return index === -1 ? null : index;
}

export function defineTab(key: string, title: string, shape: ObjectShape, options: TabOptions = {}): TabDefinition {
  const schema = object(shape) as unknown as ObjectSchema<AnyObject>;
  return { key, title, schema, fields: fieldList(schema), ...options };
}

export function defineWizard<S extends ObjectSchema<AnyObject>>(definition: Omit<WizardDefinition<S>, 'defaults'>): WizardDefinition<S> {
  return { ...definition, defaults: () => definition.schema.getDefault() as InferType<S> };
}
