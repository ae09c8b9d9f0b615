import Web

extension SpotsAPI {
    struct LocationsBody: JSONResponse {
        let decisions: Int
        let fired: Int
    }
}
