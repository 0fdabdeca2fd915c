export default function AdminProfilePage() {
  return <h1>Perfil de administrador</h1>;
}
