"""Deployment: the load balancer configuration and the scripts that run the stack."""
