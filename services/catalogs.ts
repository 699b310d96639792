// The catalogue calls of spec §7: countries, states, municipalities, neighbourhoods by postal
// code, economic activities. Each answers a JSON array of the entries of spec 01 §3.
import type { AxiosInstance } from 'axios';

export interface Country {
  id_pais: number;
  clave: string;
  nombre: string;
}
export interface State {
  id_estado: number;
  codigo: string;
  nombre: string;
}
export interface Municipality {
  id_municipio: number;
  nombre: string;
}
export interface Neighbourhood {
  colonia: string;
  municipio: string;
  estado: string;
}
export interface EconomicActivity {
  id_empresa_actividad: number;
  nombre: string;
}

const get = async <T>(http: AxiosInstance, path: string) => (await http.get<T>(path)).data;

export const fetchCountries = (http: AxiosInstance) => get<Country[]>(http, '/catalogs/ct');
export const fetchStates = (http: AxiosInstance, countryId: number) => get<State[]>(http, `/catalogs/st/${countryId}`);
export const fetchMunicipalities = (http: AxiosInstance, stateId: number) => get<Municipality[]>(http, `/catalogs/mp/${stateId}`);
export const fetchNeighbourhoods = (http: AxiosInstance, postalCode: string) =>
  get<Neighbourhood[]>(http, `/catalogs/zc/${encodeURIComponent(postalCode)}`);
export const fetchEconomicActivities = (http: AxiosInstance) => get<EconomicActivity[]>(http, '/catalogs/ea');
