// The machine lab's one call: a machine's test paths and the transitions the tests exercised
// (GET /laboratorio/rutas-de-prueba?maquina=<id>).
import type { AxiosInstance } from 'axios';
import type { LabelledTestPath } from '../forms/contracts/test-paths';

export interface LabRecord {
  paths: LabelledTestPath[];
  exercised: string[];
}

export async function fetchLabRecord(http: AxiosInstance, machine: string): Promise<LabRecord> {
  const { data } = await http.get<LabRecord>('/laboratorio/rutas-de-prueba', { params: { maquina: machine } });
  return data;
}
