// The catalogue calls of spec §7 on the wire: GET /catalogs/{ct,st,mp,zc,ea}, each an array.
import { array, number, object, string } from 'yup';

export const countriesAnswerSchema = array(object({ id_pais: number().integer().required(), clave: string().defined(), nombre: string().defined() }).required()).required();
export const statesAnswerSchema = array(object({ id_estado: number().integer().required(), codigo: string().defined(), nombre: string().defined() }).required()).required();
export const municipalitiesAnswerSchema = array(object({ id_municipio: number().integer().required(), nombre: string().defined() }).required()).required();
export const neighbourhoodsAnswerSchema = array(object({ colonia: string().defined(), municipio: string().defined(), estado: string().defined() }).required()).required();
export const economicActivitiesAnswerSchema = array(
  object({ id_empresa_actividad: number().integer().required().meta({ description: 'código SCIAN de la rama' }), nombre: string().defined() }).required(),
).required();
