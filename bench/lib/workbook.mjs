import ExcelJS from 'exceljs';

const GENDERS = ['Masculino', 'Femenino', 'Otro'];
const SEMESTERS = [
  'Primero',
  'Segundo',
  'Tercero',
  'Cuarto',
  'Quinto',
  'Sexto',
  'Séptimo',
  'Octavo',
  'Noveno',
  'Décimo',
];
const FIRST = [
  'Ana',
  'José',
  'María',
  'Luis',
  'Sofía',
  'Andrés',
  'Camila',
  'Diego',
  'Valeria',
  'Mateo',
  'Lucía',
  'Tomás',
];
const LAST = [
  'Pérez',
  'Núñez',
  'García',
  'Ortiz',
  'Ibáñez',
  'Castillo',
  'Rojas',
  'Muñoz',
  'Vera',
  'Salazar',
  'León',
];

/** An .xlsx made from the server's own template, with `rows` students. */
export async function studentsWorkbook(url, token, rows, emailPrefix = 'importado') {
  const template = await fetch(`${url}/api/students/import/template`, {
    headers: { 'x-token': token },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await template.arrayBuffer()));
  const sheet = workbook.worksheets[0];
  for (let index = 0; index < rows; index += 1) {
    sheet.getRow(index + 2).values = [
      `${FIRST[index % FIRST.length]} ${FIRST[(index * 7) % FIRST.length]}`,
      `${LAST[index % LAST.length]} ${LAST[(index * 5) % LAST.length]}`,
      18 + (index % 20),
      GENDERS[index % 3],
      `${emailPrefix}${index}@estudiantes.psicocampus.test`,
      `0991${String(index).padStart(6, '0')}`,
      'Quito',
      'Medicina',
      SEMESTERS[index % 10],
      index % 2 ? 'Empleado/a' : 'Desempleado/a',
      index % 4 ? '' : 350,
    ];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function importStudents(url, token, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'importacion.xlsx');
  const response = await fetch(`${url}/api/students/import`, {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
  return { response, answer: await response.json() };
}
