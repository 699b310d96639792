// The machine lab's one call: the paths the model-based tests walked (GET /laboratorio/rutas-de-prueba).
import type { AxiosInstance } from 'axios';
import type { LabelledTestPath } from '../forms/contracts/test-paths';

export async function fetchTestPaths(http: AxiosInstance): Promise<LabelledTestPath[]> {
  const { data } = await http.get<{ paths: LabelledTestPath[] }>('/laboratorio/rutas-de-prueba');
  return data.paths;
}
