// The paths the model-based machine tests walked (tests/machines/support/test-paths-record.ts writes
// one file per test file into tests/.cache/machine-paths/), and GET /laboratorio/rutas-de-prueba,
// which answers a machine's for the machine lab. Loose on purpose: events and state values are whatever the
// machines take; unknown keys are kept.
import { array, mixed, object, string, type InferType } from 'yup';

const anyObject = mixed<Record<string, unknown>>((value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value));

export const testPathStepSchema = object({
  /** The event played, JSON-safe: functions dropped, a File or Blob as `{ name, size, type }`. */
  event: anyObject.required().meta({ description: 'the event played', openapi: { type: 'object' } }),
  /** Every transition the step took, in the machine under test and the actors it invoked. */
  transitions: array(object({ machine: string().required(), transition: string().required() }).required()).required(),
  /** `snapshot.value` after the step. */
  value: mixed().meta({ description: 'the state value after the step' }),
});

export const testPathSchema = object({
  /** The test's name (the walked edge's key). */
  name: string().required(),
  /** The id of the machine under test. */
  machine: string().required(),
  steps: array(testPathStepSchema.required()).required(),
});

/** One test file's paths, as written to tests/.cache/machine-paths/<label>.json. */
export const testPathsFileSchema = object({
  /** The test file's coverage label. */
  label: string().required(),
  paths: array(testPathSchema.required()).required(),
});

/** GET /laboratorio/rutas-de-prueba?maquina=<machine id>: one machine's. */
export const testPathsQuerySchema = object({
  maquina: string().trim().max(100).required('Indica la máquina (maquina).'),
});

export const testPathsAnswerSchema = object({
  /** Every path of the machine, each with its test file's label. */
  paths: array(testPathSchema.shape({ label: string().required() }).required()).required(),
  /** Every transition of the machine (coverage names) any test took, model-based or written by hand. */
  exercised: array(string().required()).required(),
});

export type TestPathStep = InferType<typeof testPathStepSchema>;
export type TestPath = InferType<typeof testPathSchema>;
export type TestPathsFile = InferType<typeof testPathsFileSchema>;
export type LabelledTestPath = InferType<typeof testPathsAnswerSchema>['paths'][number];
