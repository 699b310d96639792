// One lookup machine per catalogue, each bound to its call of services/catalogs.
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createCatalogLookupMachine, type CatalogLookupMachine } from '../../../machines/catalog-lookup';
import {
  fetchCountries,
  fetchEconomicActivities,
  fetchMunicipalities,
  fetchNeighbourhoods,
  fetchStates,
  type Country,
  type EconomicActivity,
  type Municipality,
  type Neighbourhood,
  type State,
} from '../../../services/catalogs';
import { useRuntime } from '../../session/runtime-context';

const neighbourhoodLookup = createCatalogLookupMachine<Neighbourhood>('neighbourhoodLookup');
const countryLookup = createCatalogLookupMachine<Country>('countryLookup');
const stateLookup = createCatalogLookupMachine<State>('stateLookup');
const municipalityLookup = createCatalogLookupMachine<Municipality>('municipalityLookup');
const activityLookup = createCatalogLookupMachine<EconomicActivity>('activityLookup');

function useLookup<TEntry>(machine: CatalogLookupMachine<TEntry>, fetch: (key: string) => Promise<TEntry[]>) {
  return useActorRef(
    machine.provide({ actors: { 'fetch entries': fromPromise<TEntry[], { key: string }>(({ input }) => fetch(input.key)) } }),
  );
}

export const useNeighbourhoodLookup = () => {
  const { http } = useRuntime();
  return useLookup(neighbourhoodLookup, (postalCode) => fetchNeighbourhoods(http, postalCode));
};
export const useCountryLookup = () => {
  const { http } = useRuntime();
  return useLookup(countryLookup, () => fetchCountries(http));
};
export const useStateLookup = () => {
  const { http } = useRuntime();
  return useLookup(stateLookup, (countryId) => fetchStates(http, Number(countryId)));
};
export const useMunicipalityLookup = () => {
  const { http } = useRuntime();
  return useLookup(municipalityLookup, (stateId) => fetchMunicipalities(http, Number(stateId)));
};
export const useActivityLookup = () => {
  const { http } = useRuntime();
  return useLookup(activityLookup, () => fetchEconomicActivities(http));
};
