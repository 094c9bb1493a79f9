"""The analysis board in the browser (``boardlab serve``): a local web server and the page it serves.

``app.create_app()`` is the ASGI app (the page, its static files, the JSON API); ``board`` holds one
game on the board with its moves, agents and search; ``searches`` runs suggestions and agents'
moves beside the server; ``views`` makes what one seat may see; ``server.serve`` runs it all.
"""
