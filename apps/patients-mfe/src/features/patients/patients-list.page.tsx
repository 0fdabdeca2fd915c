export default function PatientsListPage() {
  return <h1>Mis Pacientes</h1>;
}
