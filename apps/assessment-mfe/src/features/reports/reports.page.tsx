export default function ReportsPage() {
  return <h1>Evaluaciones</h1>;
}
