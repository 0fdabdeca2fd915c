export default function StudentEvaluationsPage() {
  return <h1>Evaluaciones del estudiante</h1>;
}
