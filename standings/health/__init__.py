"""`/healthz`: is this worker able to serve? (views.py)"""
