export default function StudentEditPage() {
  return <h1>Editar Estudiante</h1>;
}
