export default function StudentDetailPage() {
  return <h1>Detalle del estudiante</h1>;
}
