import type { Locator } from 'playwright-core';

/** Fills the "Agregar Estudiante" modal with one valid student, Renata Quiñónez Ávila. */
export async function fillNewStudent(modal: Locator): Promise<void> {
  await modal.getByLabel(/^Nombres/).fill('Renata');
  await modal.getByLabel(/^Apellidos/).fill('Quiñónez Ávila');
  await modal.getByLabel(/^Edad/).fill('20');
  await modal.getByLabel(/^Género/).selectOption('FEMENINO');
  await modal
    .getByLabel(/^Correo electrónico/)
    .fill('renata.quinonez@estudiantes.psicocampus.test');
  await modal.getByLabel(/^Teléfono/).fill('+593 99 111 2233');
  await modal.getByLabel(/^Ciudad/).fill('Quito');
  await modal.getByLabel(/^Carrera/).fill('Sociología');
  await modal.getByLabel(/^Semestre/).selectOption('TERCERO');
  await modal.getByLabel(/^Situación laboral/).selectOption('DESEMPLEADO');
}
