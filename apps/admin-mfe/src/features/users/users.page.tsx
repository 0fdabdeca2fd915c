export default function UsersPage() {
  return <h1>Usuarios</h1>;
}
